import { neighbourClaim } from './step-claim.ts';
import type { ReviewAction } from './types.ts';

export const actionNextClaim: ReviewAction = {
  id: 'next-claim',
  label: 'review.actionNextClaim',
  keys: ['j'],
  predicate: (ctx) => ctx.claimIds.length > 0,
  perform: (ctx) => {
    const id = neighbourClaim(ctx, 1);
    if (id && id !== ctx.selectedId) ctx.select(id);
  },
};

import { neighbourClaim } from './step-claim.ts';
import type { ReviewAction } from './types.ts';

export const actionPrevClaim: ReviewAction = {
  id: 'previous-claim',
  label: 'review.actionPrevClaim',
  keys: ['k'],
  predicate: (ctx) => ctx.claimIds.length > 0,
  perform: (ctx) => {
    const id = neighbourClaim(ctx, -1);
    if (id && id !== ctx.selectedId) ctx.select(id);
  },
};

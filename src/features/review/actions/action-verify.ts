import type { ReviewAction } from './types.ts';

export const actionVerify: ReviewAction = {
  id: 'verify',
  label: 'review.actionVerify',
  keys: ['v'],
  predicate: (ctx) => ctx.canDecide && ctx.selectedId !== null,
  perform: (ctx) => {
    if (ctx.selectedId !== null) ctx.decide(ctx.selectedId, 'verified');
  },
};

import type { ReviewAction } from './types.ts';

export const actionReject: ReviewAction = {
  id: 'reject',
  label: 'review.actionReject',
  keys: ['x'],
  predicate: (ctx) => ctx.canDecide && ctx.selectedId !== null,
  perform: (ctx) => {
    if (ctx.selectedId !== null) ctx.decide(ctx.selectedId, 'rejected');
  },
};

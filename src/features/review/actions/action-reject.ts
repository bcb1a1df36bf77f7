import type { ReviewAction } from './types.ts';

export const actionReject: ReviewAction = {
  name: 'reject',
  label: 'review.actionReject',
  keys: ['x'],
  enabled: (ctx) => ctx.canDecide && ctx.selectedId !== null,
  perform: (ctx) => {
    if (ctx.selectedId !== null) ctx.decide(ctx.selectedId, 'rejected');
  },
};

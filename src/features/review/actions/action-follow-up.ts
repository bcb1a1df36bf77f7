import type { ReviewAction } from './types.ts';

export const actionFollowUp: ReviewAction = {
  id: 'follow-up',
  label: 'review.actionFollowUp',
  keys: ['f'],
  predicate: (ctx) => ctx.canDecide && ctx.selectedId !== null,
  perform: (ctx) => {
    if (ctx.selectedId !== null) ctx.decide(ctx.selectedId, 'follow-up');
  },
};

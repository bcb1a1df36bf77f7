import type { ReviewAction } from './types.ts';

export const actionFollowUp: ReviewAction = {
  name: 'follow-up',
  label: 'review.actionFollowUp',
  keys: ['f'],
  enabled: (ctx) => ctx.canDecide && ctx.selectedId !== null,
  perform: (ctx) => {
    if (ctx.selectedId !== null) ctx.decide(ctx.selectedId, 'follow-up');
  },
};

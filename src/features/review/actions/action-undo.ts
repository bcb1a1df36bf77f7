import type { ReviewAction } from './types.ts';

// `u` takes back this session's last decision by saving what was there before: a new event in the claim's history,
// never a deletion, so the record of who decided what stays whole.

export const actionUndo: ReviewAction = {
  id: 'undo',
  label: 'review.actionUndo',
  keys: ['u'],
  predicate: (ctx) => ctx.canDecide && ctx.canUndo,
  perform: (ctx) => ctx.undo(),
};

import type { ReviewAction } from './types.ts';

export const actionShortcuts: ReviewAction = {
  id: 'shortcuts',
  label: 'review.actionShortcuts',
  keys: ['?'],
  perform: (ctx) => ctx.openShortcuts(),
};

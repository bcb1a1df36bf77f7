import type { ReviewAction } from './types.ts';

export const actionShortcuts: ReviewAction = {
  name: 'shortcuts',
  label: 'review.actionShortcuts',
  keys: ['?'],
  perform: (ctx) => ctx.openShortcuts(),
};

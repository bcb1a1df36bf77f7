import type { ReviewAction } from './types.ts';

export const actionShortcuts: ReviewAction = {
  name: 'shortcuts',
  label: 'Show these shortcuts',
  keys: ['?'],
  perform: (ctx) => ctx.openShortcuts(),
};

import type { ReviewAction } from './types.ts';

export const actionNote: ReviewAction = {
  name: 'note',
  label: 'review.actionNote',
  keys: ['n'],
  enabled: (ctx) => ctx.selectedId !== null,
  perform: (ctx) => ctx.focusNote(),
};

import type { ReviewAction } from './types.ts';

export const actionNote: ReviewAction = {
  id: 'note',
  label: 'review.actionNote',
  keys: ['n'],
  predicate: (ctx) => ctx.selectedId !== null,
  perform: (ctx) => ctx.focusNote(),
};

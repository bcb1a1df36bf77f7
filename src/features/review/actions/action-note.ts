import type { ReviewAction } from './types.ts';

export const actionNote: ReviewAction = {
  name: 'note',
  label: 'Write a note on the claim',
  keys: ['n'],
  enabled: (ctx) => ctx.selectedId !== null,
  perform: (ctx) => ctx.focusNote(),
};

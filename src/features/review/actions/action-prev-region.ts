import type { ReviewAction } from './types.ts';

export const actionPrevRegion: ReviewAction = {
  name: 'previous-region',
  label: 'Previous highlighted region of the citation',
  keys: ['['],
  perform: (ctx) => ctx.stepRegion(-1),
};

import type { ReviewAction } from './types.ts';

export const actionNextRegion: ReviewAction = {
  name: 'next-region',
  label: 'Next highlighted region of the citation',
  keys: [']'],
  perform: (ctx) => ctx.stepRegion(1),
};

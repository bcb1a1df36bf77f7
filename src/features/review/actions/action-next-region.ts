import type { ReviewAction } from './types.ts';

export const actionNextRegion: ReviewAction = {
  id: 'next-region',
  label: 'review.actionNextRegion',
  keys: [']'],
  perform: (ctx) => ctx.stepRegion(1),
};

import type { ReviewAction } from './types.ts';

export const actionPrevRegion: ReviewAction = {
  id: 'previous-region',
  label: 'review.actionPrevRegion',
  keys: ['['],
  perform: (ctx) => ctx.stepRegion(-1),
};

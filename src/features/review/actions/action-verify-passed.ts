import type { ReviewAction } from './types.ts';

// `A` asks to verify, in one go, every claim nobody decided that has no flag and whose every citation passed all its
// checks (citation-verdict.ts, tone "ok"). A confirmation says how many first.

export const actionVerifyPassed: ReviewAction = {
  id: 'verify-passed',
  label: 'review.actionVerifyPassed',
  keys: ['A'],
  predicate: (ctx) => ctx.canDecide,
  perform: (ctx) => ctx.verifyPassed(),
};

import { nextMatching } from './step-claim.ts';
import type { ActionContext, ReviewAction } from './types.ts';

// Jumps over claims to the next or previous one that still needs the reviewer: undecided, or flagged. They go round
// the list (the first undecided claim may lie above the selected one) and pass the key on when there is none.

function stepTo(id: string, label: ReviewAction['label'], key: string, delta: 1 | -1, matches: (ctx: ActionContext) => (id: string) => boolean): ReviewAction {
  return {
    id,
    label,
    keys: [key],
    predicate: (ctx) => ctx.claimIds.length > 0,
    perform: (ctx) => {
      const target = nextMatching(ctx.claimIds, ctx.selectedId, delta, matches(ctx));
      if (target && target !== ctx.selectedId) ctx.select(target);
    },
  };
}

export const actionNextUndecided = stepTo('next-undecided', 'review.actionNextUndecided', 'J', 1, (ctx) => ctx.isUndecided);
export const actionPrevUndecided = stepTo('previous-undecided', 'review.actionPrevUndecided', 'K', -1, (ctx) => ctx.isUndecided);
export const actionNextFlagged = stepTo('next-flagged', 'review.actionNextFlagged', 'g', 1, (ctx) => ctx.isFlagged);
export const actionPrevFlagged = stepTo('previous-flagged', 'review.actionPrevFlagged', 'G', -1, (ctx) => ctx.isFlagged);

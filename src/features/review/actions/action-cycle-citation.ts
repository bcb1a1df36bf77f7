import type { ReviewAction } from './types.ts';

// `c` opens the selected claim's next citation in the viewer, highlighted, and wraps to its first after its last; `C`
// goes the other way. `[` and `]` still step through the regions of the citation that is open.

function cycle(id: string, label: ReviewAction['label'], key: string, delta: 1 | -1): ReviewAction {
  return {
    id,
    label,
    keys: [key],
    predicate: (ctx) => ctx.selectedId !== null && ctx.citationCount > 0,
    perform: (ctx) => ctx.cycleCitation(delta),
  };
}

export const actionNextCitation = cycle('next-citation', 'review.actionNextCitation', 'c', 1);
export const actionPrevCitation = cycle('previous-citation', 'review.actionPrevCitation', 'C', -1);

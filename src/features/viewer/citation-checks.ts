import { createContext, useContext, useState } from 'react';
import type { Box } from '../../core/model/types.ts';

// What the page's background checks found about each citation (core/review/citation-verdict.ts), handed to the viewer
// by context so that the open citation's verdict is said over its page too, in the same words as its marker and its
// claim card: a green highlight is never drawn under a check that failed. The host hands the map to the viewer's root
// (PdfViewer's `checks`, provided by viewer-host.tsx); the viewer only reads it, so a citation opened before its check
// finished shows the verdict once it comes.

export type ViewerVerdictTone = 'ok' | 'pending' | 'muted' | 'approx' | 'warn' | 'bad';

export interface ViewerCitationCheck {
  tone: ViewerVerdictTone;
  /** The verdict in a sentence (UI language), said over the page when the tone is a warning or worse. */
  text: string;
  /**
   * The source's own boxes do not hold its quote, and the quote was found elsewhere: its words' boxes (canonical).
   * The viewer shows these by default, and the source's boxes on request.
   */
  foundInstead?: Box[];
  /** The document's words that differ from the quote (canonical), marked on the page. */
  marks?: Box[];
  /** Nothing is wrong but the source's boxes (which the viewer then says itself, beside its choice of boxes). */
  boxesOnly?: boolean;
}

export const CitationChecksContext = createContext<ReadonlyMap<string, ViewerCitationCheck> | null>(null);

/**
 * The check of one citation, the same object for as long as it says the same: the page rebuilds every check each time
 * any source's check comes in, and a new object here would move the highlight's scroll goal (and the view) again.
 */
export function useCitationCheck(sourceId: string | undefined): ViewerCitationCheck | undefined {
  const checks = useContext(CitationChecksContext);
  const check = sourceId ? checks?.get(sourceId) : undefined;
  // State adjusted during render (as useStableTarget does): no ref is read or written while rendering.
  const [stable, setStable] = useState(check);
  const same = sameCheck(stable, check);
  if (!same) setStable(check);
  return same ? stable : check;
}

export function sameCheck(a: ViewerCitationCheck | undefined, b: ViewerCitationCheck | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return a.tone === b.tone && a.text === b.text && a.boxesOnly === b.boxesOnly && sameBoxes(a.foundInstead, b.foundInstead) && sameBoxes(a.marks, b.marks);
}

function sameBoxes(a: readonly Box[] | undefined, b: readonly Box[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i]!;
    return x.page === y.page && x.x0 === y.x0 && x.y0 === y.y0 && x.x1 === y.x1 && x.y1 === y.y1;
  });
}

import { useEffect } from 'react';
import { findNeedle, matchKey } from './claim-text.ts';

// Paints the selected claim in the answer pane with a CSS Custom Highlight (`::highlight(citelens-claim)` in
// index.css): a Range over the rendered text, so the answer's markup is never changed for it. Re-applied when the
// answer re-renders (a MutationObserver), scrolled into view only when the selection changes.

const HIGHLIGHT = 'citelens-claim';

/** Elements whose text is not the answer's prose: marker buttons, their previews, invalid markers, references. */
const SKIP = '[data-marker], [data-invalid-marker], [role="tooltip"], [data-reference], [data-marker-preview], [hidden]';

/** Where a claim starts in the answer text, and where every claim that reads the same starts (in answer order). */
export interface ClaimPlace {
  start: number;
  sameTextStarts: readonly number[];
}

/**
 * Where to look for the claim, and which of the same-reading texts there is it. A long answer is drawn in chunks
 * (features/answer/virtual-blocks.tsx, `data-answer-chunk` with the text offsets it covers) and only some are drawn:
 * the claim is looked for in its own chunk (the answer pane keeps it drawn), counting the same-reading claims before
 * it in that chunk only. Null while its chunk is not drawn yet.
 */
function searchRoot(prose: Element, occurrence: number, place: ClaimPlace | undefined): { root: Element; occurrence: number } | null {
  const chunks = prose.querySelectorAll<HTMLElement>('[data-answer-chunk]');
  if (chunks.length === 0 || !place) return { root: prose, occurrence };
  let chunk: HTMLElement | undefined;
  for (const c of chunks) {
    if (Number(c.dataset.answerStart) <= place.start) chunk = c;
    else break;
  }
  if (!chunk || !chunk.hasAttribute('data-drawn')) return null;
  const from = Number(chunk.dataset.answerStart);
  return { root: chunk, occurrence: place.sameTextStarts.filter((s) => s >= from && s < place.start).length };
}

interface CharAt {
  node: Text;
  offset: number;
}

/** The match key of the rendered prose under `root`, with where each of its characters is in the DOM. */
function renderedKey(root: Element): { key: string; chars: CharAt[] } {
  const chars: CharAt[] = [];
  let key = '';
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.parentElement?.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const text = node.data;
    for (let i = 0; i < text.length;) {
      const cp = text.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      // Lower-casing may turn one character into two code units ("İ"): each maps back to the same place.
      const k = matchKey(ch);
      key += k;
      for (let j = 0; j < k.length; j++) chars.push({ node, offset: i });
      i += ch.length;
    }
  }
  return { key, chars };
}

function claimRange(root: Element, claimText: string, occurrence: number): Range | null {
  const { key, chars } = renderedKey(root);
  const hit = findNeedle(key, matchKey(claimText), occurrence);
  if (!hit) return null;
  const first = chars[hit.start];
  const last = chars[hit.end - 1];
  if (!first || !last) return null;
  const range = document.createRange();
  range.setStart(first.node, first.offset);
  const lastLen = String.fromCodePoint(last.node.data.codePointAt(last.offset)!).length;
  range.setEnd(last.node, last.offset + lastLen);
  return range;
}

function supported(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined';
}

/**
 * Highlights `claimText` (its `occurrence`-th appearance) inside the answer pane, and scrolls the pane to it when
 * `scrollKey` changes. Clears the highlight when `claimText` is null or on unmount.
 */
export function useClaimHighlight(claimText: string | null, occurrence: number, scrollKey: string | null, place?: ClaimPlace): void {
  // `place` is a new object with each review result: its start and its same-reading starts are what count.
  const start = place?.start;
  const sameTextStarts = place?.sameTextStarts;
  useEffect(() => {
    if (!claimText || !supported()) return;
    const pane = document.querySelector('[data-pane="answer"]');
    if (!pane) return;
    let scrolled = false;
    let frame = 0;
    const apply = () => {
      // In a conversation, the claim is one of the active turn's.
      const prose = pane.querySelector('[data-active-turn] .answer-prose') ?? pane.querySelector('.answer-prose') ?? pane;
      const where = searchRoot(prose, occurrence, start !== undefined && sameTextStarts ? { start, sameTextStarts } : undefined);
      const range = where ? claimRange(where.root, claimText, where.occurrence) : null;
      if (!range) {
        CSS.highlights.delete(HIGHLIGHT);
        return;
      }
      CSS.highlights.set(HIGHLIGHT, new Highlight(range));
      if (!scrolled) {
        scrolled = true;
        const r = range.getBoundingClientRect();
        const p = pane.getBoundingClientRect();
        // Only when it is not already in full view; then a third from the top, where the eye starts reading.
        if (r.top < p.top || r.bottom > p.bottom) pane.scrollTop += r.top - p.top - p.height / 3;
      }
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(apply);
    };
    schedule();
    const observer = new MutationObserver(schedule);
    observer.observe(pane, { childList: true, subtree: true, characterData: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      CSS.highlights.delete(HIGHLIGHT);
    };
  }, [claimText, occurrence, scrollKey, start, sameTextStarts]);
}

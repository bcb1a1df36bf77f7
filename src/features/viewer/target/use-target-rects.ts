import { useEffect, useMemo, useState } from 'react';
import type { Box } from '../../../core/model/types.ts';
import type { HighlightTarget } from '../../../core/model/highlight-target.ts';
import { toCanonicalBoxes } from '../../../core/coords/conventions.ts';
import { quoteTooLong, quoteTooLongReason } from '../../../core/review/quote-limit.ts';
import type { LocateResult } from '../../../core/locate/locate.ts';
import { DEFAULT_MIN_SCORE } from '../../../core/locate/min-score.ts';
import type { PageFrame } from '../../../core/coords/transform.ts';
import { boxesInsideKnownPages, missingPageReason, noTextLayerReason } from './target-reasons.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';
import { drawableBoxes, orderGivenBoxes } from '../highlights/regions.ts';
import type { Translate } from '../../../core/i18n/translate.ts';

// Turns a HighlightTarget into canonical rectangles: its own boxes when it has them (no search), else the quote
// located in the PDF text by the core locator. The result is a discriminated union so the UI cannot show a
// highlight and a "not located" banner at once. Its notes and reasons are texts to write in the UI language when
// shown (`ViewerText`): a change of language re-renders them without searching again or scrolling back.

/** A text the viewer shows, written in the UI language of the moment it is rendered. */
export type ViewerText = (t: Translate) => string;

export type TargetRects =
  | { kind: 'idle' }
  | { kind: 'locating'; target: HighlightTarget }
  /**
   * `score`: the locator's (1 = exact, less = the closest passage); null for boxes the answer gave (no search).
   * `problem`: the passage drawn is not the quote's words (a number, a name, a negation differs), said as an error;
   * `marks`: the document's words that differ, marked on the page.
   */
  | {
      kind: 'found';
      target: HighlightTarget;
      rects: Box[];
      notes: ViewerText[];
      score: number | null;
      problem?: ViewerText;
      marks?: Box[];
      /** The source's own boxes do not hold its quote: which are drawn, the words found instead or the boxes. */
      boxes?: 'found' | 'given';
    }
  /** `reason`: why the quote was not searched at all (a quote too long), shown instead of "not located". */
  | { kind: 'not-found'; target: HighlightTarget; page: number; reason?: ViewerText };

export function hintPage(target: HighlightTarget): number {
  return target.page ?? target.boxes?.[0]?.page ?? 1;
}

interface Located {
  rects: Box[];
  /** The passage drawn differs from the quote (see TargetRects). */
  problem?: ViewerText;
  marks?: Box[];
  /** What a reviewer should know about how the rectangles were found (an approximate match, clamped boxes). */
  notes: ViewerText[];
  /** The locator's score when the quote was searched for; null for given boxes. */
  score: number | null;
  /** Why the quote was not searched (too long), when it was not. */
  reason?: ViewerText;
}

/** The locator's query for a target's quote: the same for a click, a link and the passages located ahead. */
export function quoteQuery(target: Pick<HighlightTarget, 'quote' | 'page' | 'pageEnd'>): { quote: string; page?: number; pageEnd?: number } | null {
  const quote = target.quote?.trim();
  if (!quote || quoteTooLong(quote)) return null;
  return { quote, ...(target.page !== undefined && { page: target.page }), ...(target.pageEnd !== undefined && { pageEnd: target.pageEnd }) };
}

/** Adapter from a target's quote to the core locator; no rects when the passage is not found. */
export async function locateTargetQuote(target: HighlightTarget, textCache: DocumentTextCache, signal: AbortSignal): Promise<Located> {
  const quote = target.quote?.trim();
  if (!quote) return { rects: [], notes: [], score: null };
  // Past the cap the locator would block the tab for seconds (core/review/quote-limit.ts): say so, do not search.
  if (quoteTooLong(quote)) return { rects: [], notes: [], score: null, reason: (t) => quoteTooLongReason(quote, t) };
  // In the locate worker (locate-client.ts): a quote without a page hint reads the whole document, and that must
  // never hold up the main thread. A query located before is answered from memory.
  const result = await textCache.locator.locate(quoteQuery(target)!, signal);
  signal.throwIfAborted();
  return locatedQuote(result);
}

/** What a located quote draws: its passage, the closest one that differs (said, its words marked), or nothing. */
function locatedQuote(result: LocateResult): Located {
  const closest = result.closest;
  if (!result.found && closest && closest.score >= DEFAULT_MIN_SCORE && closest.differences.length > 0) {
    // The passage the quote was taken from, saying something else: drawn, with the error said and the words marked.
    const [first] = closest.differences;
    const more = closest.differences.length - 1;
    const problem: ViewerText = (t) =>
      t('passage.quoteDiffers', {
        quote: first?.quote || t('reason.nothing'),
        found: first?.document || t('reason.nothing'),
        page: closest.page,
        more: more > 0 ? t('reason.moreDifferences', { count: more }) : '',
      });
    return { rects: closest.rects, notes: [], score: closest.score, problem, marks: closest.differences.flatMap((d) => d.rects) };
  }
  if (!result.found) return { rects: [], notes: [], score: result.score };
  // An exact match scores 1; anything less is the closest passage the fuzzy alignment found, and we say so.
  const percent = Math.round(result.score * 100);
  const notes: ViewerText[] = result.score < 1 ? [(t) => t('passage.closestMatch', { percent })] : [];
  return { rects: result.rects, notes, score: result.score };
}

/**
 * Boxes given in another convention (a `coords` descriptor: raw PDF user space, fractions, pixels, displayed frame)
 * become canonical with each page's own frame, which is known only once that page is loaded.
 */
export async function canonicalTargetBoxes(target: HighlightTarget, textCache: DocumentTextCache): Promise<Located> {
  const boxes = target.boxes ?? [];
  if (boxes.length === 0) return { rects: boxes, notes: [], score: null };
  // Canonical boxes (no `coords`) are checked against their page too: one off the page is dropped and flagged.
  const pages = [...new Set(boxes.map((b) => b.page))].filter((p) => p >= 1 && p <= textCache.pageCount);
  const frames = new Map<number, PageFrame>();
  await Promise.all(pages.map(async (p) => frames.set(p, await textCache.getFrame(p))));
  const converted = toCanonicalBoxes(boxes, target.coords, (p) => frames.get(p));
  // The flags again in the UI language: the conversion is pure and quick (the frames are known by now).
  const flagged = (t: Translate) => toCanonicalBoxes(boxes, target.coords, (p) => frames.get(p), t).flags;
  return { rects: converted.boxes, notes: converted.flags.map((_, i) => (t: Translate) => flagged(t)[i]!.message), score: null };
}

/** Boxes first (converted when they carry a convention), then the quote; [] when neither lands. */
async function resolveTargetRects(target: HighlightTarget, textCache: DocumentTextCache, signal: AbortSignal): Promise<Located> {
  const converted = await canonicalTargetBoxes(target, textCache);
  signal.throwIfAborted();
  const boxes = orderGivenBoxes(drawableBoxes(converted.rects, textCache.pageCount));
  if (boxes.length > 0) return { rects: boxes, notes: converted.notes, score: null };
  const result = drawableLocated(target, await locateTargetQuote(target, textCache, signal), textCache.pageCount);
  if (!result.reason && result.rects.length === 0) {
    const noText = await noTextLayerReason(textCache, Math.min(Math.max(1, hintPage(target)), textCache.pageCount));
    if (noText) result.reason = noText;
  }
  return result;
}

/** A located quote's rectangles on the document's pages, with what to say about them. */
function drawableLocated(target: HighlightTarget, located: Located, pageCount: number): Located {
  const notes: ViewerText[] = target.boxes?.length ? [(t) => t('passage.boxesOutside'), ...located.notes] : located.notes;
  // The locator's rectangles are already in reading order: never re-sort them (regions.ts).
  const result: Located = { rects: drawableBoxes(located.rects, pageCount), notes, score: located.score };
  if (located.problem) result.problem = located.problem;
  if (located.marks) result.marks = drawableBoxes(located.marks, pageCount);
  if (located.reason) result.reason = located.reason;
  return result;
}

/** The found state of a target whose search has drawable rectangles (or null when it has none). */
function foundState(target: HighlightTarget, located: Located, pageCount: number): TargetRects | null {
  const { rects, notes, score, problem, marks } = located;
  if (rects.length === 0) return null;
  return {
    kind: 'found',
    target,
    rects,
    notes: [...optional(target.pageNote), ...optional(missingPageReason(target.page, pageCount)), ...notes],
    score,
    ...(problem && { problem }),
    ...(marks && marks.length > 0 && { marks }),
  };
}

/** What can be told without a search: nothing to show, boxes drawn at once, or a target with nothing to look for. */
function immediateRects(target: HighlightTarget | null, textCache: DocumentTextCache | null): TargetRects | null {
  if (!target || !textCache) return { kind: 'idle' };
  // Canonical boxes draw at once, with no search and no flash of a "locating" state.
  const boxes =
    target.coords || !plausiblyOnPage(target.boxes) || !boxesInsideKnownPages(textCache, target.boxes ?? [])
      ? []
      : orderGivenBoxes(drawableBoxes(target.boxes, textCache.pageCount));
  if (boxes.length > 0) return { kind: 'found', target, rects: boxes, notes: [], score: null };
  if (!target.quote?.trim() && !target.coords && !target.boxes?.length) {
    const reason = missingPageReason(target.page, textCache.pageCount);
    return { kind: 'not-found', target, page: clampPage(hintPage(target), textCache.pageCount), ...(reason && { reason }) };
  }
  // A quote located before (a citation clicked again, or located ahead while the reader read): drawn at once. Only a
  // target with no boxes of its own, whose result is the quote's alone.
  const query = target.boxes?.length ? null : quoteQuery(target);
  const known = query ? textCache.locator.peek(query) : undefined;
  return known ? foundState(target, drawableLocated(target, locatedQuote(known), textCache.pageCount), textCache.pageCount) : null;
}

export function useTargetRects(target: HighlightTarget | null, textCache: DocumentTextCache | null): TargetRects {
  const immediate = useMemo(() => immediateRects(target, textCache), [target, textCache]);
  // A search's result, kept with the target and document it belongs to: a new target reads "locating" at once,
  // never the previous target's result.
  const [searched, setSearched] = useState<{ target: HighlightTarget; textCache: DocumentTextCache; state: TargetRects } | null>(null);

  useEffect(() => {
    if (immediate || !target || !textCache) return;
    const controller = new AbortController();
    const settle = (state: TargetRects) => {
      if (!controller.signal.aborted) setSearched({ target, textCache, state });
    };
    resolveTargetRects(target, textCache, controller.signal).then(
      (located) => {
        const page = clampPage(hintPage(target), textCache.pageCount);
        const { reason } = located;
        settle(
          foundState(target, located, textCache.pageCount) ?? (reason ? { kind: 'not-found', target, page, reason } : { kind: 'not-found', target, page }),
        );
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A locator failure is reported like a miss: the user still gets the hinted page and an honest banner.
        console.warn('Quote location failed', error);
        settle({ kind: 'not-found', target, page: clampPage(hintPage(target), textCache.pageCount) });
      },
    );
    return () => controller.abort();
  }, [immediate, target, textCache]);

  // One object per target while it is searched: what derives from it (the view's goal) stays the same meanwhile.
  const locating = useMemo((): TargetRects => (target ? { kind: 'locating', target } : { kind: 'idle' }), [target]);
  if (immediate) return immediate;
  if (searched && searched.target === target && searched.textCache === textCache) return searched.state;
  return locating;
}

/** PDF's largest page is 14,400 pt (200 in) a side: canonical boxes inside that draw at once; others are checked. */
const MAX_PAGE_SIDE = 14_400;

function plausiblyOnPage(boxes: HighlightTarget['boxes']): boolean {
  return (boxes ?? []).every((b) => b.x0 >= 0 && b.y0 >= 0 && b.x1 <= MAX_PAGE_SIDE && b.y1 <= MAX_PAGE_SIDE);
}

function optional(note: string | ViewerText | undefined): ViewerText[] {
  if (!note) return [];
  return typeof note === 'string' ? [() => note] : [note];
}

function clampPage(page: number, count: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, count));
}

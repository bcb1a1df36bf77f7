import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { StoreApi } from 'zustand';
import type { Box } from '../../../core/model/types.ts';
import type { HighlightTarget } from '../../../core/model/highlight-target.ts';
import type { Rotation } from '../../../core/coords/transform.ts';
import type { PageHighlight } from '../highlights/highlight-layer.tsx';
import { clampRegion, passageIndexes, passageStarts } from '../highlights/regions.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';
import type { TargetGoal } from '../pages/use-scroll-goal.ts';
import { useTargetRects, type TargetRects } from './use-target-rects.ts';
import type { ViewerStore } from '../viewer-store.ts';
import type { ViewerCitationCheck } from '../citation-checks.ts';
import { useViewerHost, type AnchorResult } from '../viewer-host.tsx';

// What the pages view is asked to show, turned into scroll goals: the target's regions (located or given), the
// user's steps through them, a rotation that moves the active region, the deep-link page and toolbar page requests.
// What became of the target and the reader's steps through its regions are reported to the host (viewer-host.tsx).

/** The target located in this document (null while there is none, or it is another target's result). */
export type LocatedTarget = Exclude<TargetRects, { kind: 'idle' }> | null;

/**
 * The target's rectangles, and where it sends the view: its active region, or its page when not located (a new goal
 * object per target and result, which useScrollGoal aims at while rendering).
 */
export function useLocatedTarget(
  target: HighlightTarget | null,
  textCache: DocumentTextCache,
  check?: ViewerCitationCheck,
  showGivenBoxes = false,
): { current: LocatedTarget; goal: TargetGoal | null } {
  const located = useTargetRects(target, textCache);
  const own: LocatedTarget = located.kind !== 'idle' && target && located.target.nonce === target.nonce ? located : null;
  const current = useMemo(() => withChecks(own, check, showGivenBoxes), [own, check, showGivenBoxes]);
  // A quote searched on the page its citation names: the view goes to that page at once, so that the page draws
  // while the passage is searched, not after; the passage found there is then brought into view only if it is not
  // in view already (no second jump). State adjusted while rendering: the target whose page was gone to.
  const [hinted, setHinted] = useState<number | null>(null);
  const hintedPage = current?.kind === 'locating' && current.target.page !== undefined ? clampPage(current.target.page, textCache.pageCount) : null;
  if (hintedPage !== null && current && hinted !== current.target.nonce) setHinted(current.target.nonce);
  const goal = useMemo((): TargetGoal | null => {
    if (current?.kind === 'found') {
      // `region` counts passages: the view goes to the first line of the one asked for.
      const starts = passageStarts(passageIndexes(current.rects));
      const box = current.rects[starts[clampRegion(current.target.region, starts.length)] ?? 0];
      return box ? { page: box.page, box, ...(hinted === current.target.nonce && { keepInView: true }) } : null;
    }
    if (current?.kind === 'locating') return hintedPage === null ? null : { page: hintedPage, box: null };
    return current?.kind === 'not-found' ? { page: current.page, box: null } : null;
  }, [current, hinted, hintedPage]);
  return { current, goal };
}

function clampPage(page: number, count: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, count));
}

/**
 * The located target as the page's checks see it: a source whose own boxes do not hold its quote is drawn where the
 * quote really is (unless the reader asked for the boxes), and the document's words that differ from the quote are
 * marked. Nothing changes while no check has come in.
 */
function withChecks(own: LocatedTarget, check: ViewerCitationCheck | undefined, showGivenBoxes: boolean): LocatedTarget {
  if (own?.kind !== 'found' || !check) return own;
  const given = own.score === null;
  const instead = given && check.foundInstead && check.foundInstead.length > 0 ? check.foundInstead : null;
  const marks = own.marks ?? check.marks;
  if (!instead && marks === own.marks) return own;
  const next: LocatedTarget = { ...own, ...(marks && marks.length > 0 && { marks }) };
  if (instead) {
    next.boxes = showGivenBoxes ? 'given' : 'found';
    if (!showGivenBoxes) next.rects = instead;
  }
  return next;
}

interface NavigationOptions {
  store: StoreApi<ViewerStore>;
  target: HighlightTarget | null;
  current: LocatedTarget;
  textCache: DocumentTextCache;
  rotation: Rotation;
  initialPage: number | undefined;
  pageRequest: { page: number; seq: number } | null;
  regionStep: { delta: 1 | -1; seq: number } | null | undefined;
  /** The toolbar's steps (viewer store). */
  regionRequest: { delta: 1 | -1; seq: number } | null;
  aim(page: number, box: Box | null, flash?: boolean): void;
}

export function useTargetNavigation(options: NavigationOptions) {
  const { store, target, current, textCache, rotation, initialPage, pageRequest, regionStep, regionRequest, aim } = options;
  const { emit } = useViewerHost();
  const pageCount = textCache.pageCount;
  const regions = current?.kind === 'found' ? current.rects : EMPTY_BOXES;
  // The regions a reader steps through are passages (regions.ts), each one or more of the rectangles.
  const passageOf = useMemo(() => passageIndexes(regions), [regions]);
  const starts = useMemo(() => passageStarts(passageOf), [passageOf]);
  const passages = starts.length;

  // Reported once per settled target (found or not), for the embedding portal's `anchored` message.
  const reportAnchored = useEffectEvent((result: AnchorResult) => emit({ kind: 'anchored', result }));
  useEffect(() => {
    if (!current || current.kind === 'locating') return;
    const { sourceId } = current.target;
    if (current.kind === 'found') {
      reportAnchored({
        sourceId,
        found: true,
        score: current.score,
        page: current.rects[0]?.page ?? 1,
        regionPages: passageStarts(passageIndexes(current.rects)).map((i) => current.rects[i]!.page),
        ...(current.problem && { differs: true }),
      });
    } else reportAnchored({ sourceId, found: false, score: null, page: current.page, regionPages: [] });
  }, [current]);

  // The target's own goal is aimed at while rendering (useLocatedTarget, useScrollGoal); its active region is set
  // before paint, so the highlight is drawn as active in the same frame.
  useLayoutEffect(() => {
    store.getState().setRegionCount(passages);
    if (current?.kind === 'found') store.getState().setActiveRegion(clampRegion(current.target.region, passages));
  }, [current, passages, store]);

  // A rotation moves the highlight to another part of the page (the centre anchor cannot follow it): bring the
  // active region back to the centre, without flashing again.
  const aimedRotation = useRef(rotation);
  const reaim = useEffectEvent(() => {
    const box = regions[starts[store.getState().activeRegion] ?? -1];
    if (box) aim(box.page, box, false);
  });
  useEffect(() => {
    if (aimedRotation.current === rotation) return;
    aimedRotation.current = rotation;
    reaim();
  }, [rotation]);

  // Deep link: open the requested page once, when there is no target to show instead.
  const initialDone = useRef(false);
  useEffect(() => {
    if (initialDone.current) return;
    initialDone.current = true;
    if (!target && initialPage && initialPage > 1 && initialPage <= pageCount) aim(initialPage, null);
  }, [target, initialPage, pageCount, aim]);

  // Toolbar/keyboard page requests; one made for a previous document (before this one mounted) is not ours.
  const [requestAtMount] = useState(() => store.getState().pageRequest?.seq);
  useEffect(() => {
    if (pageRequest && pageRequest.seq !== requestAtMount) aim(pageRequest.page, null);
  }, [pageRequest, requestAtMount, aim]);

  const stepRegion = useCallback(
    (delta: number) => {
      const next = clampRegion(store.getState().activeRegion + delta, passages);
      store.getState().setActiveRegion(next);
      const box = regions[starts[next] ?? -1];
      if (box) aim(box.page, box);
      emit({ kind: 'region-changed', region: next });
    },
    [regions, starts, passages, store, aim, emit],
  );

  // A step asked for before this document mounted (or before its regions were found) is not replayed later.
  const stepAtMount = useRef(regionStep?.seq);
  const step = useEffectEvent((delta: number) => stepRegion(delta));
  useEffect(() => {
    if (!regionStep || regionStep.seq === stepAtMount.current) return;
    stepAtMount.current = regionStep.seq;
    step(regionStep.delta);
  }, [regionStep]);
  // The toolbar's Previous / Next, the same way.
  const requestAtStart = useRef(regionRequest?.seq);
  useEffect(() => {
    if (!regionRequest || regionRequest.seq === requestAtStart.current) return;
    requestAtStart.current = regionRequest.seq;
    step(regionRequest.delta);
  }, [regionRequest]);

  const marks = current?.kind === 'found' ? current.marks : undefined;
  const highlightsByPage = useMemo(() => {
    const map = new Map<number, PageHighlight[]>();
    const add = (item: PageHighlight) => {
      const list = map.get(item.box.page) ?? [];
      list.push(item);
      map.set(item.box.page, list);
    };
    regions.forEach((box, i) => add({ box, region: passageOf[i] ?? 0 }));
    for (const box of marks ?? []) add({ box, region: -1, mark: true });
    return map;
  }, [regions, passageOf, marks]);

  return { regions, passages, highlightsByPage, stepRegion };
}

const EMPTY_BOXES: Box[] = [];

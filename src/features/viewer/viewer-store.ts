import { createContext, createElement, useContext, useState, type ReactNode } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { displaySize, normalizeRotation, type PageFrame, type Rotation } from '../../core/coords/transform.ts';
import type { PageTheme } from './render/page-palette.ts';
import { PAGE_PADDING } from './render/render-queue.ts';
import { createSidebarSlice, type SidebarSlice } from './sidebar/sidebar-slice.ts';

// One store PER VIEWER INSTANCE (never a module singleton): an embedding page may show two viewers side by side,
// and each must keep its own zoom, rotation, current page and page sizes.

export type ScaleMode = 'fit-width' | 'fit-page' | number;

export const MIN_SCALE = 0.5;
export const MAX_SCALE = 4;
/** The zoom ladder used by "Zoom in"/"Zoom out" and offered as percentages in the zoom select. */
export const ZOOM_STEPS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4] as const;
export const ZOOM_PRESETS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

export interface ViewerState {
  scaleMode: ScaleMode;
  /** The user's extra clockwise rotation on top of each page's own /Rotate. */
  rotation: Rotation;
  currentPage: number;
  pageCount: number;
  /** Frames (CropBox + /Rotate) of the pages whose size we know so far; filled lazily near the viewport. */
  frames: ReadonlyMap<number, PageFrame>;
  /** Inner size of the scroll container; fit modes depend on it. */
  viewport: { width: number; height: number };
  /** The active passage of the target (0-based; "region" in the link and the toolbar). */
  activeRegion: number;
  /** How many passages the target has (0 with none): the toolbar steps through them when there are two or more. */
  regionCount: number;
  /** A step through the passages asked for by the toolbar; a new `seq` = one step. */
  regionRequest: { delta: 1 | -1; seq: number } | null;
  loadProgress: { loaded: number; total: number } | null;
  /** Which document the frames/page count belong to (its URL). */
  documentKey: string | null;
  /** The open document's pages view has painted a page: what useAfterPagesPainted waits for. */
  pagesPainted: boolean;
  /** A page the toolbar or keyboard asked to show; the pages view scrolls to it. `seq` makes repeats distinct. */
  pageRequest: { page: number; seq: number } | null;
  /** How pages are painted: as printed, or recoloured for night reading (the host's choice, page-palette.ts). */
  pageTheme: PageTheme;
  /**
   * The pages the fit modes fit (the widest of them): the pages on screen, or the cited page as the viewer jumps to
   * it. Page 1 alone until the pages view says.
   */
  fitPages: readonly number[];
}

/** A page of the open document is on screen. */
export const selectPagesPainted = (s: ViewerState) => s.pagesPainted;

export interface ViewerActions {
  setScaleMode(mode: ScaleMode): void;
  zoomIn(): void;
  zoomOut(): void;
  rotateClockwise(): void;
  setCurrentPage(page: number): void;
  /**
   * A page's size became known, for the document `documentKey`: dropped unless that document is the one shown: a fetch
   * started for document A must never land in document B's frames after a quick switch.
   */
  setFrame(page: number, frame: PageFrame, documentKey: string): void;
  /** Many pages' sizes at once (the background prefetch): one new map, one layout, instead of one per page. */
  setFrames(documentKey: string, entries: ReadonlyArray<readonly [number, PageFrame]>): void;
  setViewport(width: number, height: number): void;
  setActiveRegion(region: number): void;
  setRegionCount(count: number): void;
  requestRegionStep(delta: 1 | -1): void;
  setLoadProgress(progress: { loaded: number; total: number } | null): void;
  /** A page of `documentKey` painted; dropped when another document is open by now (as setFrame's sizes are). */
  setPainted(documentKey: string): void;
  /** A (new) document is shown: forget what belonged to the previous one, keep the zoom mode and rotation. */
  openDocument(key: string, pageCount: number): void;
  /** A document starts loading: the toolbar must not keep showing the previous document's pages meanwhile. */
  beginLoading(key: string): void;
  goToPage(page: number): void;
  setPageTheme(theme: PageTheme): void;
  setFitPages(pages: readonly number[]): void;
}

export type ViewerStore = ViewerState & ViewerActions & SidebarSlice;

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

export function createViewerStore(): StoreApi<ViewerStore> {
  return createStore<ViewerStore>()((set, get, api) => ({
    ...createSidebarSlice(set, get, api),
    scaleMode: 'fit-width',
    rotation: 0,
    currentPage: 1,
    pageCount: 0,
    frames: new Map(),
    viewport: { width: 0, height: 0 },
    activeRegion: 0,
    regionCount: 0,
    regionRequest: null,
    loadProgress: null,
    documentKey: null,
    pagesPainted: false,
    pageRequest: null,
    pageTheme: 'paper',
    fitPages: FIRST_PAGE,
    setScaleMode: (mode) => set({ scaleMode: typeof mode === 'number' ? clampScale(mode) : mode }),
    zoomIn: () => {
      const current = selectScale(get());
      const next = ZOOM_STEPS.find((s) => s > current + 0.001) ?? MAX_SCALE;
      set({ scaleMode: clampScale(next) });
    },
    zoomOut: () => {
      const current = selectScale(get());
      const next = [...ZOOM_STEPS].reverse().find((s) => s < current - 0.001) ?? MIN_SCALE;
      set({ scaleMode: clampScale(next) });
    },
    rotateClockwise: () => set((s) => ({ rotation: normalizeRotation(s.rotation + 90) })),
    setCurrentPage: (page) => set((s) => (s.currentPage === page ? s : { currentPage: page })),
    setFrame: (page, frame, documentKey) =>
      set((s) => {
        if (s.documentKey !== documentKey) return s;
        if (sameFrame(s.frames.get(page), frame)) return s;
        const frames = new Map(s.frames);
        frames.set(page, internFrame(s.frames, frame));
        return { frames };
      }),
    setFrames: (documentKey, entries) =>
      set((s) => {
        if (s.documentKey !== documentKey) return s;
        let frames: Map<number, PageFrame> | null = null;
        for (const [page, frame] of entries) {
          if (page < 1 || (s.pageCount > 0 && page > s.pageCount)) continue;
          if (sameFrame((frames ?? s.frames).get(page), frame)) continue;
          frames ??= new Map(s.frames);
          frames.set(page, internFrame(frames, frame));
        }
        return frames ? { frames } : s;
      }),
    setViewport: (width, height) => set((s) => (s.viewport.width === width && s.viewport.height === height ? s : { viewport: { width, height } })),
    setActiveRegion: (region) => set((s) => (s.activeRegion === region ? s : { activeRegion: region })),
    setRegionCount: (regionCount) => set((s) => (s.regionCount === regionCount ? s : { regionCount })),
    requestRegionStep: (delta) => set((s) => ({ regionRequest: { delta, seq: (s.regionRequest?.seq ?? 0) + 1 } })),
    setLoadProgress: (loadProgress) => set({ loadProgress }),
    setPainted: (documentKey) => set((s) => (s.documentKey !== documentKey || s.pagesPainted ? s : { pagesPainted: true })),
    openDocument: (key, pageCount) => set((s) => (s.documentKey === key ? { pageCount, loadProgress: null } : freshDocument(key, pageCount))),
    // Nothing of another document to forget (a viewer's first document): the same state, so that nothing that reads
    // the store draws again while the document loads.
    beginLoading: (key) => set((s) => (s.documentKey === key || knowsNoDocument(s) ? s : freshDocument(null, 0))),
    goToPage: (page) =>
      set((s) => {
        if (s.pageCount === 0) return s;
        const p = Math.min(s.pageCount, Math.max(1, Math.round(page)));
        return { pageRequest: { page: p, seq: (s.pageRequest?.seq ?? 0) + 1 }, currentPage: p };
      }),
    setPageTheme: (pageTheme) => set((s) => (s.pageTheme === pageTheme ? s : { pageTheme })),
    setFitPages: (pages) => set((s) => (s.fitPages.length === pages.length && s.fitPages.every((p, i) => p === pages[i]) ? s : { fitPages: [...pages] })),
  }));
}

/** A document's part of the state when nothing is known of it yet. */
function freshDocument(documentKey: string | null, pageCount: number): Partial<ViewerState> {
  return {
    documentKey,
    pageCount,
    frames: new Map(),
    currentPage: 1,
    activeRegion: 0,
    regionCount: 0,
    loadProgress: null,
    pagesPainted: false,
    fitPages: FIRST_PAGE,
  };
}

/** Whether the state is freshDocument(null, 0) already. */
function knowsNoDocument(s: ViewerState): boolean {
  return (
    s.documentKey === null &&
    s.pageCount === 0 &&
    s.frames.size === 0 &&
    s.currentPage === 1 &&
    s.activeRegion === 0 &&
    s.regionCount === 0 &&
    s.loadProgress === null &&
    !s.pagesPainted &&
    s.fitPages === FIRST_PAGE
  );
}

function sameFrame(a: PageFrame | undefined, b: PageFrame): boolean {
  return !!a && a.rotate === b.rotate && a.view.every((v, i) => v === b.view[i]);
}

/**
 * Page 1's frame object when `frame` has the same value: most documents have one page size, and the layout sizes
 * each distinct frame object once, and the pages' blocks compare frames by identity.
 */
function internFrame(frames: ReadonlyMap<number, PageFrame>, frame: PageFrame): PageFrame {
  const first = frames.get(1);
  return first && sameFrame(first, frame) ? first : frame;
}

const FIRST_PAGE: readonly number[] = [1];

/** The frame every page without a known size borrows: page 1's, else US Letter until page 1 is known. */
export const FALLBACK_FRAME: PageFrame = { view: [0, 0, 612, 792], rotate: 0 };

export function referenceFrame(state: Pick<ViewerState, 'frames'>): PageFrame {
  return state.frames.get(1) ?? FALLBACK_FRAME;
}

/**
 * The frame the fit modes fit: the widest of `fitPages` whose size is known (a landscape page among portrait ones, or
 * the cited page as the viewer jumps to it, so a highlighted sentence is never cut at the pane's edge), else page 1.
 */
export function fitFrame(state: Pick<ViewerState, 'frames' | 'rotation'> & { fitPages?: readonly number[] }): PageFrame {
  let best = referenceFrame(state);
  let bestWidth = -1;
  for (const page of state.fitPages ?? FIRST_PAGE) {
    const frame = state.frames.get(page);
    if (!frame) continue;
    const width = displaySize(frame, 1, state.rotation).width;
    if (width > bestWidth) {
      best = frame;
      bestWidth = width;
    }
  }
  return best;
}

/**
 * The effective scale. Fit modes fit the widest page on screen (fitFrame) into the scroll container; they recompute
 * when the container is resized or other pages come on screen.
 */
export function selectScale(state: Pick<ViewerState, 'scaleMode' | 'frames' | 'viewport' | 'rotation'> & { fitPages?: readonly number[] }): number {
  const mode = state.scaleMode;
  if (typeof mode === 'number') return mode;
  const { width: w, height: h } = displaySize(fitFrame(state), 1, state.rotation);
  const availW = state.viewport.width - 2 * PAGE_PADDING;
  const availH = state.viewport.height - 2 * PAGE_PADDING;
  if (availW <= 0 || w <= 0) return 1;
  const fitWidth = availW / w;
  const scale = mode === 'fit-width' ? fitWidth : Math.min(fitWidth, availH > 0 ? availH / h : fitWidth);
  // Fit modes may go outside the numeric range a bit (tiny panes, huge monitors) but never to absurd values.
  return Math.min(8, Math.max(0.1, scale));
}

const ViewerStoreContext = createContext<StoreApi<ViewerStore> | null>(null);

export function ViewerStoreProvider({ children }: { children: ReactNode }) {
  // useState's initialiser runs once per mounted viewer: that is what makes the store per instance.
  const [store] = useState(() => createViewerStore());
  return createElement(ViewerStoreContext.Provider, { value: store }, children);
}

export function useViewerStoreApi(): StoreApi<ViewerStore> {
  const store = useContext(ViewerStoreContext);
  if (!store) throw new Error('useViewerStore must be used inside <ViewerStoreProvider>');
  return store;
}

export function useViewerStore<T>(selector: (state: ViewerStore) => T): T {
  return useStore(useViewerStoreApi(), selector);
}

export function useScale(): number {
  return useViewerStore(selectScale);
}

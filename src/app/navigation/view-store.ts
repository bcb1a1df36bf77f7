import { create } from 'zustand';
import { createHistoryWriter, type HistoryWriter } from './history-writer.ts';
import { parseDisplayState, parseViewState, serializeViewState, type DisplayState, type ViewState } from './url-state.ts';

// The app's navigation state. The URL is its persistent form: every action writes it back, so reloading or sharing
// the link restores the same view; the back button replays it through popstate.
// In embed mode (/embed) every write replaces the history entry instead: an iframe's pushState adds entries to the
// PORTAL's history, so the host page's Back button would step through our citations instead of leaving the page.

/** `push`: navigation adds history entries (the full app). `replace`: it never does (embed mode). */
export type HistoryMode = 'push' | 'replace';

/** Whether this page is the embed view: `/embed`, or a path ending in it when the app is served under a prefix. */
export function isEmbedPath(pathname: string): boolean {
  return /\/embed\/?$/.test(pathname);
}

interface ViewStore {
  view: ViewState;
  display: DisplayState;
  /** The page is the embed view (/embed): minimal chrome, the postMessage API, `replace` history. */
  embedded: boolean;
  historyMode: HistoryMode;
  setHistoryMode(mode: HistoryMode): void;
  /** Changes how the view is shown (panes, theme, accent): the URL is updated, never with a new history entry. */
  setDisplay(patch: DisplayState): void;
  /** Bumped on every citation click, so clicking the same marker again re-centres and flashes. */
  citeNonce: number;
  /**
   * Bumped when a citation is opened on purpose (a marker, a reference, a claim's citation chip), not as the side
   * effect of selecting a claim: on a phone, where the panes are tabs, it brings the document tab forward.
   */
  citeOpened: number;
  /**
   * Bumped when Back/Forward replays a view (popstate): the viewer then goes to the link's page even when no citation
   * is open, so the page on screen and `page` in the URL never disagree.
   */
  historySeq: number;
  /** A request to the viewer to step through the open citation's regions (the review panel's `[` and `]`). */
  regionStep: { delta: 1 | -1; seq: number } | null;
  openAnswer(answer: string | undefined): void;
  /** Opens a citation of the active turn (the `turn` in the link is kept). */
  cite(key: string): void;
  /**
   * Makes `turn` the active turn of the conversation (undefined: the answer's own turn), opening its citation `cite`
   * when given. A history entry, like any citation click.
   */
  openTurn(turn: number | undefined, cite?: string): void;
  /**
   * Selects a claim of the review panel and opens `cite` (its first citation, or the one clicked) beside it. Keyboard
   * stepping replaces the history entry, so walking 30 claims with `j` does not fill the Back button. `inTurn` makes
   * another turn of the conversation active (its `turn` in the link; undefined: the answer's own); `open`: the
   * citation was asked for itself (its chip), not only the claim.
   */
  selectClaim(claim: string, cite: string | undefined, mode: 'push' | 'replace', options?: { inTurn?: { turn: number | undefined }; open?: boolean }): void;
  stepRegion(delta: 1 | -1): void;
  showDocument(doc: string): void;
  setPage(page: number): void;
  setRegion(region: number): void;
}

// A new history entry is written after the click's frame is painted (history-writer.ts says why and when).
const historyWriter: HistoryWriter | null = typeof window === 'undefined' ? null : createHistoryWriter(window);

/** Writes a history entry still pending (after a click, until its frame is painted): for code that reads the address. */
export function flushHistory(): void {
  historyWriter?.flush();
}

function write(view: ViewState, display: DisplayState, mode: 'push' | 'replace') {
  if (typeof window === 'undefined') return;
  historyWriter?.write(`${window.location.pathname}${serializeViewState(view, display)}${window.location.hash}`, mode);
}

const initialSearch = typeof window === 'undefined' ? '' : window.location.search;
const initialEmbedded = typeof window !== 'undefined' && isEmbedPath(window.location.pathname);

export const useViewStore = create<ViewStore>()((set, get) => {
  const update = (view: ViewState, mode: 'push' | 'replace', bump = false, opened = false) => {
    const { display, historyMode } = get();
    write(view, display, historyMode === 'replace' ? 'replace' : mode);
    set((s) => ({ view, citeNonce: bump ? s.citeNonce + 1 : s.citeNonce, citeOpened: opened ? s.citeOpened + 1 : s.citeOpened }));
  };
  if (typeof window !== 'undefined') {
    // The page goes (a reload, a link followed): the address it leaves with, and the history, hold the last click.
    window.addEventListener('pagehide', flushHistory);
    window.addEventListener('popstate', () => {
      // A click's entry still pending is written first, so Back/Forward and the view read the same history.
      flushHistory();
      set((s) => ({ view: parseViewState(window.location.search), citeNonce: s.citeNonce + 1, historySeq: s.historySeq + 1 }));
    });
  }
  return {
    view: parseViewState(initialSearch),
    display: parseDisplayState(initialSearch),
    embedded: initialEmbedded,
    historyMode: initialEmbedded ? 'replace' : 'push',
    setHistoryMode: (historyMode) => set({ historyMode }),
    setDisplay: (patch) => {
      const display = { ...get().display, ...patch };
      write(get().view, display, 'replace');
      set({ display });
    },
    citeNonce: 0,
    citeOpened: 0,
    historySeq: 0,
    regionStep: null,
    openAnswer: (answer) => update(answer ? { answer } : {}, 'push', true),
    cite: (key) => {
      const { answer, turn } = get().view;
      update({ answer, turn, cite: key }, 'push', true, true);
    },
    openTurn: (turn, cite) => {
      const { answer } = get().view;
      update({ answer, turn, ...(cite !== undefined && { cite }) }, 'push', true, cite !== undefined);
    },
    selectClaim: (claim, cite, mode, options = {}) => {
      // A claim of another turn of the conversation (the review panel lists every turn's) makes that turn active.
      const { answer, doc } = get().view;
      const turn = options.inTurn ? options.inTurn.turn : get().view.turn;
      // Without a citation the viewer keeps the document it shows; `doc` keeps that in the link.
      update(cite ? { answer, turn, claim, cite } : { answer, turn, claim, ...(doc !== undefined && { doc }) }, mode, true, !!cite && !!options.open);
    },
    stepRegion: (delta) => set((s) => ({ regionStep: { delta, seq: (s.regionStep?.seq ?? 0) + 1 } })),
    showDocument: (doc) => {
      const { answer, turn, claim } = get().view;
      update({ answer, turn, ...(claim !== undefined && { claim }), doc }, 'push');
    },
    setPage: (page) => {
      const { view } = get();
      // A viewer that opens reports its first page: a view without a page already means page 1, so the address keeps
      // its shape (a new turn's link stayed `…&turn=2&page=1` when the viewer finished opening after the turn began).
      if (view.page === page || (view.page === undefined && page === 1)) return;
      update({ ...view, page }, 'replace');
    },
    setRegion: (region) => {
      const { view } = get();
      if (view.region !== region) update({ ...view, region }, 'replace');
    },
  };
});

import { createContext, createElement, useContext, useState, type ReactNode } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { FindOptions } from '../../../core/locate/find-query.ts';
import type { Box } from '../../../core/model/types.ts';
import type { PageFrame } from '../../../core/coords/transform.ts';

// The find bar's state, one store per viewer (like viewer-store.ts: two embedded viewers never share a search).
// The bar writes the query and options; the search runner (use-find-search.ts, which has the document's text
// cache) writes the progress and the matches; the match layer draws them and scrolls to the current one.

export interface FindMatch {
  page: number;
  /** The page's frame, so the match can be projected and scrolled to before the page itself is laid out. */
  frame: PageFrame;
  /** Canonical boxes (PDF points, CropBox top-left, y down), one per line fragment. */
  rects: Box[];
}

export type FindStatus =
  { kind: 'idle' } | { kind: 'searching'; pagesDone: number; pageCount: number } | { kind: 'done'; pageCount: number } | { kind: 'error'; message: string };

export interface FindState {
  open: boolean;
  query: string;
  options: FindOptions;
  status: FindStatus;
  matches: readonly FindMatch[];
  /** The document the matches were found in (the viewer store's `documentKey`); null while there are none. */
  documentKey: string | null;
  /** Index of the current match; -1 while none is chosen yet. */
  current: number;
  /** Bumped whenever the viewer must bring the current match into view (a new `seq` = scroll again). */
  revealSeq: number;
  /** Bumped to (re)focus and select the query field (Ctrl+F while the bar is already open). */
  focusSeq: number;
}

export interface FindActions {
  openBar(): void;
  close(): void;
  setQuery(query: string): void;
  setOption(name: keyof FindOptions, value: boolean): void;
  /** Next (1) or previous (-1) match, wrapping around the document. */
  step(delta: 1 | -1): void;
  // ---- for the search runner --------------------------------------------------------------------------------------
  beginSearch(pageCount: number, documentKey: string | null): void;
  /** Appends one page's matches (pages arrive in ascending order); `firstPage` picks the first current match. */
  addMatches(matches: readonly FindMatch[], pagesDone: number, firstPage: number): void;
  finishSearch(): void;
  failSearch(message: string): void;
  reset(): void;
}

export type FindStore = FindState & FindActions;

const CLEARED = { status: { kind: 'idle' } as FindStatus, matches: [] as readonly FindMatch[], documentKey: null as string | null, current: -1 };

export function createFindStore(): StoreApi<FindStore> {
  return createStore<FindStore>()((set, get) => ({
    open: false,
    query: '',
    options: { matchCase: false, wholeWords: false },
    ...CLEARED,
    revealSeq: 0,
    focusSeq: 0,
    openBar: () => set((s) => ({ open: true, focusSeq: s.focusSeq + 1 })),
    close: () => set({ open: false, ...CLEARED }),
    setQuery: (query) => set({ query }),
    setOption: (name, value) => set((s) => ({ options: { ...s.options, [name]: value } })),
    step: (delta) => {
      const { matches, current, revealSeq } = get();
      if (matches.length === 0) return;
      const from = current < 0 ? (delta === 1 ? -1 : 0) : current;
      set({ current: (from + delta + matches.length) % matches.length, revealSeq: revealSeq + 1 });
    },
    beginSearch: (pageCount, documentKey) => set({ status: { kind: 'searching', pagesDone: 0, pageCount }, matches: [], documentKey, current: -1 }),
    addMatches: (found, pagesDone, firstPage) =>
      set((s) => {
        const status: FindStatus = s.status.kind === 'searching' ? { ...s.status, pagesDone } : s.status;
        if (found.length === 0) return { status };
        const matches = [...s.matches, ...found];
        // Like a browser's find: the first match at or after the page the reader is on becomes the current one.
        if (s.current < 0 && (found[0]?.page ?? 0) >= firstPage) {
          return { status, matches, current: s.matches.length, revealSeq: s.revealSeq + 1 };
        }
        return { status, matches };
      }),
    finishSearch: () =>
      set((s) => {
        const pageCount = s.status.kind === 'searching' ? s.status.pageCount : 0;
        const status: FindStatus = { kind: 'done', pageCount };
        // Nothing at or after the reader's page: wrap to the first match of the document.
        if (s.current < 0 && s.matches.length > 0) return { status, current: 0, revealSeq: s.revealSeq + 1 };
        return { status };
      }),
    failSearch: (message) => set({ status: { kind: 'error', message } }),
    reset: () => set(CLEARED),
  }));
}

const FindStoreContext = createContext<StoreApi<FindStore> | null>(null);

export function FindStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createFindStore);
  return createElement(FindStoreContext.Provider, { value: store }, children);
}

export function useFindStoreApi(): StoreApi<FindStore> {
  const store = useContext(FindStoreContext);
  if (!store) throw new Error('useFindStore must be used inside <FindStoreProvider>');
  return store;
}

export function useFindStore<T>(selector: (state: FindStore) => T): T {
  return useStore(useFindStoreApi(), selector);
}

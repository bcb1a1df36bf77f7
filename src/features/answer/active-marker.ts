import { createContext, useCallback, useContext, useLayoutEffect, useState } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';

// The active marker and the click handler reach the marker buttons through a small store per answer (handed down by
// context), not through a context value: each button subscribes to "am I the active one?" (a boolean), so a citation
// click re-renders the two buttons whose answer changed, not every marker of the answer (10,000 in a long one), and
// never the parsed answer itself.

export interface ActiveMarker {
  activeKey: string | null;
  onCite(key: string): void;
}

export type ActiveMarkerStore = StoreApi<ActiveMarker>;

const inert = createStore<ActiveMarker>()(() => ({ activeKey: null, onCite: () => undefined }));

export const ActiveMarkerContext = createContext<ActiveMarkerStore>(inert);

/** The store a provider hands down: created once, kept in step with the props after each render. */
export function useActiveMarkerStore(activeKey: string | null, onCite: (key: string) => void): ActiveMarkerStore {
  const [store] = useState(() => createStore<ActiveMarker>()(() => ({ activeKey, onCite })));
  useLayoutEffect(() => {
    store.setState({ activeKey, onCite });
  }, [store, activeKey, onCite]);
  return store;
}

/** Whether `key` is the active marker: the button re-renders only when this answer changes. */
export function useIsActiveMarker(key: string): boolean {
  return useStore(useContext(ActiveMarkerContext), (s) => s.activeKey === key);
}

/** A stable click handler that calls the latest `onCite`. */
export function useCiteMarker(): (key: string) => void {
  const store = useContext(ActiveMarkerContext);
  return useCallback((key: string) => store.getState().onCite(key), [store]);
}

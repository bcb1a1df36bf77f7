import { useSyncExternalStore } from 'react';

// One MediaQueryList per query, kept: React reads the snapshot on every render of a component that uses it (the
// split layout renders on every citation click), and `matchMedia` builds and evaluates a new list each call, where
// a kept list's `matches` is already up to date.
const lists = new Map<string, MediaQueryList>();

function mediaList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = mediaList(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => mediaList(query).matches,
    () => false,
  );
}

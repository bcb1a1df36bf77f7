import { afterPaint } from '../../lib/after-paint.ts';

// The one writer of the page's history entries (view-store.ts). A new entry (pushState) costs Chromium 4–7 ms, in
// the click's task and so before the frame that shows the highlight: it is written after that frame is painted
// instead. Until then the entry is pending, and everything that reads or changes the history sees it as written:
// - a replace while a push is pending rewrites the pending entry (one entry, with the newest address);
// - a second push writes the first one at once (two clicks, two entries, in order);
// - `flush()` writes it now: before Back/Forward is handled (popstate), when the page goes (pagehide: a reload or a
//   copied address sees it), and for any code that reads the address.
// A replace with nothing pending is cheap (well under 1 ms) and written at once, so its order is never in question.

export type HistoryWrite = 'push' | 'replace';

export interface HistoryWriter {
  /** Writes `url` (path, search and hash) as a new entry (`push`) or over the current one (`replace`). */
  write(url: string, mode: HistoryWrite): void;
  /** Writes a pending entry now. */
  flush(): void;
  /** The address as the page will show it: the pending entry's, else the location's. */
  current(): string;
}

interface HistoryHost {
  readonly location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  readonly history: Pick<History, 'pushState' | 'replaceState'>;
}

export function createHistoryWriter(host: HistoryHost, schedule: (run: () => void) => () => void = afterPaint): HistoryWriter {
  let pending: string | null = null;
  let cancel: (() => void) | null = null;
  const location = () => `${host.location.pathname}${host.location.search}${host.location.hash}`;
  const flush = () => {
    cancel?.();
    cancel = null;
    if (pending === null) return;
    const url = pending;
    pending = null;
    host.history.pushState(null, '', url);
  };
  return {
    write(url, mode) {
      if (mode === 'replace') {
        if (pending !== null) pending = url;
        else if (url !== location()) host.history.replaceState(null, '', url);
        return;
      }
      if (url === (pending ?? location())) return;
      flush();
      pending = url;
      cancel = schedule(flush);
    },
    flush,
    current: () => pending ?? location(),
  };
}

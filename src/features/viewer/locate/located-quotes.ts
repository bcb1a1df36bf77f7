import type { LocateResult } from '../../../core/locate/locate.ts';

// One document's located quotes, kept: a citation's page and quote are located once, not again on every click (each
// search was a round trip to the locate worker before the highlight and the scroll). Two askers of the same quote at
// once share one search, which goes on while either still waits. The viewer reads a finished result synchronously
// (`peek`), so a click on a citation located before draws its highlight in the click's own frame.

export interface LocateQuery {
  quote: string;
  page?: number;
  pageEnd?: number;
  minScore?: number;
}

/** Distinct queries kept per document: an answer's citations, many times over. */
const KEPT = 256;

export interface LocatedQuotes {
  locate(query: LocateQuery, signal: AbortSignal): Promise<LocateResult>;
  /** The result of an identical query that has finished, else undefined. */
  peek(query: LocateQuery): LocateResult | undefined;
}

const keyOf = (q: LocateQuery) => JSON.stringify([q.quote, q.page ?? null, q.pageEnd ?? null, q.minScore ?? null]);

const aborted = (signal: AbortSignal) => signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');

/** `search`: the worker's search of one query, cancelled by its signal. */
export function createLocatedQuotes(search: (query: LocateQuery, signal: AbortSignal) => Promise<LocateResult>): LocatedQuotes {
  const done = new Map<string, LocateResult>();
  const running = new Map<string, { promise: Promise<LocateResult>; controller: AbortController; waiting: number }>();
  return {
    peek: (query) => done.get(keyOf(query)),
    locate: (query, signal) => {
      if (signal.aborted) return Promise.reject(aborted(signal));
      const key = keyOf(query);
      const hit = done.get(key);
      if (hit) return Promise.resolve(hit);
      let entry = running.get(key);
      if (!entry) {
        const controller = new AbortController();
        const started = { controller, waiting: 0, promise: search(query, controller.signal) };
        started.promise.then(
          (result) => {
            if (running.get(key) === started) running.delete(key);
            done.set(key, result);
            // Oldest first out (a Map keeps insertion order).
            if (done.size > KEPT) done.delete(done.keys().next().value!);
          },
          () => {
            if (running.get(key) === started) running.delete(key);
          },
        );
        running.set(key, started);
        entry = started;
      }
      const shared = entry;
      shared.waiting++;
      return new Promise<LocateResult>((resolve, reject) => {
        const leave = () => {
          shared.waiting--;
          // The last asker gone: the search stops, and a later asker starts a new one.
          if (shared.waiting === 0) {
            if (running.get(key) === shared) running.delete(key);
            shared.controller.abort();
          }
          reject(aborted(signal));
        };
        signal.addEventListener('abort', leave, { once: true });
        shared.promise.then(
          (result) => {
            signal.removeEventListener('abort', leave);
            resolve(result);
          },
          (error: unknown) => {
            signal.removeEventListener('abort', leave);
            reject(error);
          },
        );
      });
    },
  };
}

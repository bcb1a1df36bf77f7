import { findInPage, findRects } from '../../../core/locate/find-all.ts';
import { prepareFind } from '../../../core/locate/find-query.ts';
import { locateInDocument } from '../../../core/locate/locate.ts';
import type { MeasureText, PageText } from '../../../core/locate/page-text.ts';
import { TextIndex } from '../../../core/locate/text-index.ts';
import { checkSource } from '../../../core/review/check-source.ts';
import { textLayerOf } from '../../../core/review/document-check.ts';
import { unpackPageText, type DocRef, type FromWorker, type JobValue, type LocateJob, type ToWorker } from './locate-protocol.ts';

// The worker's side of locate-protocol.ts, as a plain message handler: the locate worker runs it, the main thread
// runs it when no worker can start (locate-client.ts), and unit tests drive it directly. It holds one TextIndex
// per document and indexes every page it is handed (layout and normalisation are the costly part of locating).

/** Documents kept indexed; the least recently used one beyond this is dropped (and rebuilt if asked again). */
const MAX_DOCS = 4;
/** Pages asked for ahead once a job reads the document page after page (find, a quote without a page hint). */
const PREFETCH = 8;

interface Waiting {
  promise: Promise<PageText>;
  resolve(pageText: PageText): void;
  reject(error: Error): void;
}

interface DocState {
  index: TextIndex;
  waiting: Map<number, Waiting>;
  /** The last page asked for, and how many were asked for in ascending order before it. */
  lastAsked: number;
  streak: number;
  jobs: number;
}

export interface LocateHandler {
  (message: ToWorker): void;
}

export function createLocateHandler(post: (message: FromWorker) => void, measure?: MeasureText): LocateHandler {
  const docs = new Map<number, DocState>();
  const jobs = new Map<number, AbortController>();

  const docOf = ({ doc, pageCount }: DocRef): DocState => {
    let state = docs.get(doc);
    if (state) {
      docs.delete(doc); // re-inserted last: the map's order is the recency order
    } else {
      state = { index: new TextIndex(pageCount), waiting: new Map(), lastAsked: -1, streak: 0, jobs: 0 };
      for (const [id, old] of docs) {
        if (docs.size < MAX_DOCS) break;
        if (old.jobs === 0) docs.delete(id);
      }
    }
    docs.set(doc, state);
    return state;
  };

  const ask = (doc: number, state: DocState, page: number): Promise<PageText> => {
    const known = state.index.get(page);
    if (known) return Promise.resolve(known.source);
    const waiting = state.waiting.get(page);
    if (waiting) return waiting.promise;
    let resolve!: (p: PageText) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<PageText>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => undefined); // a prefetched page nobody awaits may fail quietly
    state.waiting.set(page, { promise, resolve, reject });
    post({ type: 'need-page', doc, page });
    return promise;
  };

  const getPageText =
    (doc: number, state: DocState) =>
    (page: number): Promise<PageText> => {
      state.streak = page === state.lastAsked + 1 ? state.streak + 1 : 0;
      state.lastAsked = page;
      const promise = ask(doc, state, page);
      if (state.streak >= 2) {
        const last = Math.min(state.index.pageCount ?? page, page + PREFETCH);
        for (let p = page + 1; p <= last; p++) void ask(doc, state, p);
      }
      return promise;
    };

  const run = async (ref: DocRef, job: LocateJob, id: number, signal: AbortSignal): Promise<JobValue> => {
    const state = docOf(ref);
    const pages = getPageText(ref.doc, state);
    const { index } = state;
    switch (job.kind) {
      case 'locate':
        return locateInDocument({
          pageCount: ref.pageCount,
          getPageText: pages,
          quote: job.quote,
          page: job.page,
          pageEnd: job.pageEnd,
          minScore: job.minScore,
          measure,
          signal,
          index,
        });
      case 'check':
        return checkSource({ pageCount: ref.pageCount, getPageText: pages, index, measure }, job.source, { signal, ...(job.coords && { coords: job.coords }) });
      case 'text-layer':
        return textLayerOf(index, ref.pageCount) ?? null;
      case 'find': {
        const query = prepareFind(job.query, job.options);
        if (!query) return null;
        for (let p = 1; p <= ref.pageCount; p++) {
          signal.throwIfAborted();
          if (!index.has(p)) index.addPage({ ...(await pages(p)), page: p });
          signal.throwIfAborted();
          const page = index.get(p)!;
          const matches = findInPage(page, query).map((span) => findRects(page, span, measure));
          post({ type: 'find-page', id, found: { page: p, frame: page.frame, matches } });
        }
        return null;
      }
      default: {
        const never: never = job;
        throw new Error(`unknown job ${JSON.stringify(never)}`);
      }
    }
  };

  const startJob = (message: Extract<ToWorker, { type: 'job' }>) => {
    const controller = new AbortController();
    jobs.set(message.id, controller);
    const state = docOf(message);
    state.jobs++;
    run(message, message.job, message.id, controller.signal)
      .then(
        (value) => post({ type: 'done', id: message.id, value }),
        (error: unknown) =>
          post({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error), aborted: controller.signal.aborted }),
      )
      .finally(() => {
        jobs.delete(message.id);
        state.jobs--;
      });
  };

  return (message) => {
    switch (message.type) {
      case 'job':
        startJob(message);
        return;
      case 'cancel':
        jobs.get(message.id)?.abort();
        return;
      case 'page': {
        const state = docs.get(message.doc);
        const waiting = state?.waiting.get(message.page);
        if (!state) return;
        state.waiting.delete(message.page);
        try {
          // Indexed as it arrives (a prefetched page too), so no job asks for it again.
          const pageText = unpackPageText(message.pageText);
          state.index.addPage({ ...pageText, page: message.page });
          waiting?.resolve(pageText);
        } catch (e) {
          waiting?.reject(e instanceof Error ? e : new Error(String(e))); // a page we cannot read is not searched
        }
        return;
      }
      case 'page-error': {
        const state = docs.get(message.doc);
        const waiting = state?.waiting.get(message.page);
        state?.waiting.delete(message.page);
        waiting?.reject(new Error(message.message));
        return;
      }
      case 'close':
        docs.delete(message.doc);
        return;
      default: {
        const never: never = message;
        throw new Error(`unknown message ${JSON.stringify(never)}`);
      }
    }
  };
}

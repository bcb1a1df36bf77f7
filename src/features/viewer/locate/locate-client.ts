import type { FindOptions } from '../../../core/locate/find-query.ts';
import type { LocateResult } from '../../../core/locate/locate.ts';
import type { PageText } from '../../../core/locate/page-text.ts';
import type { CoordsDescriptor, Source } from '../../../core/model/types.ts';
import type { SourceCheck } from '../../../core/review/types.ts';
import type { LocateHandler } from './locate-handler.ts';
import { packPageText, transferablesOf, type FindPage, type FromWorker, type JobValue, type LocateJob, type ToWorker } from './locate-protocol.ts';
import { startLocateWorker } from './locate-worker-start.ts';
import { createLocatedQuotes, type LocateQuery } from './located-quotes.ts';
import { measureText } from './measure-text.ts';
import { sharedWhileDocumentsOpen } from '../document/worker-lifetime.ts';

// The main thread's side of the locate worker. One worker serves the page (like pdf.js's); each open document gets
// a DocumentLocator that answers the worker's page requests from that document's text cache (one getTextContent per
// page, shared with the text layer) and runs jobs there. When no worker can start (or it fails), the same handler
// runs here, in slices: it yields between pages and fuzzy windows, and each page arrives in a task of its own. That
// handler (the locator, the text index, bidi) is loaded only then: with a worker, the viewer's first paint never
// evaluates it on the main thread.

export interface DocumentLocator {
  /** The quote's passage; a query located before is answered from memory (located-quotes.ts). */
  locate(quote: LocateQuery, signal: AbortSignal): Promise<LocateResult>;
  /** The result of an identical `locate` that has finished, at once; undefined when there is none yet. */
  peek(quote: LocateQuery): LocateResult | undefined;
  /** Searches every page in ascending order; `onPage` hears each page's matches as it is done. */
  find(query: string, options: FindOptions, onPage: (found: FindPage) => void, signal: AbortSignal): Promise<void>;
  check(source: Source, coords: CoordsDescriptor | undefined, signal: AbortSignal): Promise<SourceCheck>;
  /** Whether the pages indexed so far have text (undefined: none has, but not every page was read). */
  textLayer(signal: AbortSignal): Promise<boolean | undefined>;
  /** Frees the document's index in the worker. */
  close(): void;
}

interface Pending {
  message: Extract<ToWorker, { type: 'job' }>;
  resolve(value: JobValue): void;
  reject(error: unknown): void;
  onFind?: (found: FindPage) => void;
}

export type StartWorker = () => Worker;

export interface PageSource {
  getPageText(page: number): Promise<PageText>;
}

export class LocateService {
  private worker: Worker | null = null;
  private local: Promise<LocateHandler> | null = null;
  private readonly pending = new Map<number, Pending>();
  /** Held weakly: a document's cache must stay collectable (its FinalizationRegistry then closes the locator). */
  private readonly suppliers = new Map<number, WeakRef<PageSource>>();
  private nextId = 1;
  private nextDoc = 1;
  /** Set by the first message of the worker: a worker that fails before it is off the main thread's hands. */
  workerReady = false;
  /** Ended (no document open): its worker is gone, and a locator still held from before answers nothing. */
  private ended = false;

  constructor(startWorker: StartWorker | null) {
    if (!startWorker) return;
    try {
      const worker = startWorker();
      worker.addEventListener('message', (event: MessageEvent<FromWorker>) => this.receive(event.data));
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        console.warn('citelens: the locate worker failed; locating on the main thread', event.message);
        this.fallBack();
      });
      this.worker = worker;
    } catch (e) {
      console.warn('citelens: the locate worker cannot start here; locating on the main thread', e);
    }
  }

  /** Where jobs run now: 'worker', or 'main-thread' after a fallback. */
  get mode(): 'worker' | 'main-thread' {
    return this.worker ? 'worker' : 'main-thread';
  }

  private handler(): Promise<LocateHandler> {
    // Messages back are delivered in a task of their own, as a worker's would be.
    this.local ??= import('./locate-handler.ts').then(({ createLocateHandler }) =>
      createLocateHandler((message) => setTimeout(() => this.receive(message), 0), measureText),
    );
    return this.local;
  }

  /** Ends the worker and fails the jobs still waiting: their documents are closed. */
  end(): void {
    this.ended = true;
    this.worker?.terminate();
    this.worker = null;
    this.suppliers.clear();
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(new Error('the document is closed'));
  }

  private send(message: ToWorker): void {
    // An ended service neither falls back to the main thread nor starts anything: its documents are closed.
    if (this.ended) return;
    if (this.worker) this.worker.postMessage(message, message.type === 'page' ? transferablesOf(message.pageText) : []);
    // Every message waits on the same promise, so they reach the handler in the order they were sent.
    else
      this.handler().then(
        (handle) => handle(message),
        (e: unknown) => this.failLocally(message, e),
      );
  }

  /** The handler's code could not be loaded (a deploy removed the chunk, the network went): the job fails, said so. */
  private failLocally(message: ToWorker, e: unknown): void {
    this.local = null;
    if (message.type !== 'job') return;
    const p = this.pending.get(message.id);
    this.pending.delete(message.id);
    p?.reject(e instanceof Error ? e : new Error(String(e)));
  }

  private fallBack(): void {
    this.worker?.terminate();
    this.worker = null;
    // The jobs in flight start again here; their pages are asked for again (the text cache still has them).
    for (const p of this.pending.values()) this.send(p.message);
  }

  private receive(message: FromWorker): void {
    switch (message.type) {
      case 'ready':
        this.workerReady = true;
        return;
      case 'need-page': {
        const { doc, page } = message;
        const source = this.suppliers.get(doc)?.deref();
        if (!source) {
          this.send({ type: 'page-error', doc, page, message: 'the document is closed' });
          return;
        }
        source.getPageText(page).then(
          (pageText) => this.send({ type: 'page', doc, page, pageText: packPageText(pageText) }),
          (e: unknown) => this.send({ type: 'page-error', doc, page, message: e instanceof Error ? e.message : String(e) }),
        );
        return;
      }
      case 'find-page':
        this.pending.get(message.id)?.onFind?.(message.found);
        return;
      case 'done': {
        const p = this.pending.get(message.id);
        this.pending.delete(message.id);
        p?.resolve(message.value);
        return;
      }
      case 'failed': {
        const p = this.pending.get(message.id);
        this.pending.delete(message.id);
        p?.reject(message.aborted ? new DOMException(message.message, 'AbortError') : new Error(message.message));
        return;
      }
      default: {
        const never: never = message;
        throw new Error(`unknown message ${JSON.stringify(never)}`);
      }
    }
  }

  private run(doc: number, pageCount: number, job: LocateJob, signal: AbortSignal, onFind?: (found: FindPage) => void): Promise<JobValue> {
    signal.throwIfAborted();
    if (this.ended) return Promise.reject(new Error('the document is closed'));
    const id = this.nextId++;
    const message: Pending['message'] = { type: 'job', id, doc, pageCount, job };
    return new Promise<JobValue>((resolve, reject) => {
      const abort = () => {
        if (!this.pending.delete(id)) return;
        this.send({ type: 'cancel', id });
        reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
      };
      const settle =
        <T>(fn: (v: T) => void) =>
        (v: T) => {
          signal.removeEventListener('abort', abort);
          fn(v);
        };
      this.pending.set(id, { message, resolve: settle(resolve), reject: settle(reject), onFind });
      signal.addEventListener('abort', abort, { once: true });
      this.send(message);
    });
  }

  /** A locator for one document whose pages `source` reads (each page once: the caller caches). */
  open(pageCount: number, source: PageSource): DocumentLocator {
    const doc = this.nextDoc++;
    this.suppliers.set(doc, new WeakRef(source));
    const run = (job: LocateJob, signal: AbortSignal, onFind?: (found: FindPage) => void) => this.run(doc, pageCount, job, signal, onFind);
    const located = createLocatedQuotes(async (q, signal) => (await run({ kind: 'locate', ...q }, signal)) as LocateResult);
    return {
      locate: located.locate,
      peek: located.peek,
      find: async (query, options, onPage, signal) => {
        await run({ kind: 'find', query, options }, signal, onPage);
      },
      check: async (source, coords, signal) => (await run({ kind: 'check', source, ...(coords && { coords }) }, signal)) as SourceCheck,
      textLayer: async (signal) => ((await run({ kind: 'text-layer' }, signal)) as boolean | null) ?? undefined,
      close: () => {
        this.suppliers.delete(doc);
        this.send({ type: 'close', doc });
      },
    };
  }
}

/**
 * The page's one locate service, started on first use (in-process where there are no workers: Node, jsdom), and
 * ended once no document is open (worker-lifetime.ts): the next document's locator starts another.
 */
export const locateService = sharedWhileDocumentsOpen(
  () => new LocateService(typeof Worker === 'undefined' ? null : startLocateWorker),
  (service) => service.end(),
);

// The shared workers' lifetime as the page sees it: they stay while any document is open or opening, stay across a
// switch from one document to the next, and end once the last document has been closed for a moment; the next
// document then starts new ones. Driven through pdf-options.ts (pdf.js's worker, stood in for) and the locate service.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface FakePdfWorker {
  port: FakeThread | null;
  destroyed: boolean;
  destroy(): void;
}
interface FakeThread {
  terminated: boolean;
  terminate(): void;
  postMessage(): void;
  addEventListener(): void;
}
const pdfWorkers: FakePdfWorker[] = [];
interface FakeTask {
  destroyed: boolean;
  destroy(): Promise<void>;
  worker: FakePdfWorker;
}
const tasks: FakeTask[] = [];
const thread = (): FakeThread => ({
  terminated: false,
  terminate() {
    this.terminated = true;
  },
  postMessage: () => undefined,
  addEventListener: () => undefined,
});
let earlyThread: FakeThread | null = null;

vi.mock('react-pdf', () => ({
  pdfjs: {
    GlobalWorkerOptions: { workerSrc: '' },
    PDFWorker: class {
      port: FakeThread | null;
      destroyed = false;
      constructor(params?: { port?: FakeThread }) {
        this.port = params?.port ?? null;
        pdfWorkers.push(this);
      }
      destroy() {
        this.destroyed = true;
      }
    },
    getDocument: (params: { worker: FakePdfWorker }) => {
      const task: FakeTask = { destroyed: false, worker: params.worker, destroy: async () => void (task.destroyed = true) };
      tasks.push(task);
      return task;
    },
  },
}));
vi.mock('./early-pdf-worker.ts', () => ({
  takeEarlyPdfWorker: () => {
    const t = earlyThread;
    earlyThread = null;
    return t;
  },
}));
const locateThreads: FakeThread[] = [];
vi.mock('../locate/locate-worker-start.ts', () => ({
  startLocateWorker: () => {
    const t = thread();
    locateThreads.push(t);
    return t;
  },
}));
// The locate service starts its worker only where workers exist (else it searches on the main thread).
vi.stubGlobal('Worker', class {});

const options = await import('./pdf-options.ts');
/** pdf-options.ts's openPdf, over the stand-in pdf.js above. */
const openPdf = (url: string) => options.openPdf(url) as unknown as FakeTask;
const { WORKERS_IDLE_MS } = await import('./worker-lifetime.ts');
const { locateService } = await import('../locate/locate-client.ts');

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  for (const t of tasks) await t.destroy();
  await vi.advanceTimersByTimeAsync(WORKERS_IDLE_MS);
  vi.useRealTimers();
  pdfWorkers.length = 0;
  tasks.length = 0;
});

const live = () => pdfWorkers.filter((w) => !w.destroyed);

describe('the shared workers', () => {
  it('serve every open document, and end a moment after the last one closes', async () => {
    const a = openPdf('/a.pdf');
    const b = openPdf('/b.pdf');
    expect(a.worker).toBe(b.worker);
    await a.destroy();
    await vi.advanceTimersByTimeAsync(WORKERS_IDLE_MS * 5);
    expect(live()).toHaveLength(1); // b is still open

    await b.destroy();
    await vi.advanceTimersByTimeAsync(WORKERS_IDLE_MS - 1);
    expect(live()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(live()).toHaveLength(0);
  });

  it('stay across a switch: a document opened within the grace keeps them', async () => {
    const a = openPdf('/a.pdf');
    await a.destroy();
    await vi.advanceTimersByTimeAsync(WORKERS_IDLE_MS / 2);
    const b = openPdf('/b.pdf');
    await vi.advanceTimersByTimeAsync(WORKERS_IDLE_MS * 2);
    expect(b.worker).toBe(a.worker);
    expect(live()).toHaveLength(1);
  });

  it('start again for the next document once ended', async () => {
    const a = openPdf('/a.pdf');
    await a.destroy();
    await vi.advanceTimersByTimeAsync(WORKERS_IDLE_MS);
    const b = openPdf('/b.pdf');
    expect(b.worker).not.toBe(a.worker);
    expect(live()).toEqual([b.worker]);
  });

  it('end the thread pdf.js was handed (the one started early), which pdf.js itself would leave running', async () => {
    earlyThread = thread();
    const started = earlyThread;
    const a = openPdf('/a.pdf');
    expect(a.worker.port).toBe(started);
    await a.destroy();
    await vi.advanceTimersByTimeAsync(WORKERS_IDLE_MS);
    expect(started.terminated).toBe(true);
  });

  it('count a document destroyed twice once', async () => {
    const a = openPdf('/a.pdf');
    const b = openPdf('/b.pdf');
    await a.destroy();
    await a.destroy();
    await vi.advanceTimersByTimeAsync(WORKERS_IDLE_MS);
    expect(live()).toHaveLength(1);
    await b.destroy();
    await vi.advanceTimersByTimeAsync(WORKERS_IDLE_MS);
    expect(live()).toHaveLength(0);
  });

  it('end the locator with them: its waiting jobs fail, and the next document gets a new one', async () => {
    const a = openPdf('/a.pdf');
    const service = locateService();
    expect(service.mode).toBe('worker');
    const locator = service.open(3, { getPageText: () => new Promise(() => undefined) });
    const job = locator.locate({ quote: 'anything' }, new AbortController().signal);
    job.catch(() => undefined);
    await a.destroy();
    await vi.advanceTimersByTimeAsync(WORKERS_IDLE_MS);
    await expect(job).rejects.toThrow('the document is closed');
    // A locator kept from before answers nothing, and does not fall back to searching on the main thread.
    await expect(locator.locate({ quote: 'again' }, new AbortController().signal)).rejects.toThrow('the document is closed');
    expect(locateThreads.map((t) => t.terminated)).toEqual([true]);
    openPdf('/b.pdf');
    expect(locateService()).not.toBe(service);
    expect(locateService().mode).toBe('worker');
    expect(locateThreads.map((t) => t.terminated)).toEqual([true, false]);
  });
});

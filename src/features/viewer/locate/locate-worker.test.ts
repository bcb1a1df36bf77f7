// The locate worker's protocol, driven through its message handler (no real Worker needed), and the main thread's
// client: the fallback to the main thread when no worker starts or one fails, and one text request per page for
// the text layer, quote location and find together.
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { describe, expect, it } from 'vitest';
import { locateInIndex, type LocateResult } from '../../../core/locate/locate.ts';
import type { PageText } from '../../../core/locate/page-text.ts';
import { flowText, syntheticPage } from '../../../core/locate/synthetic.ts';
import { TextIndex } from '../../../core/locate/text-index.ts';
import type { SourceCheck } from '../../../core/review/types.ts';
import { LocateService } from './locate-client.ts';
import { createLocateHandler } from './locate-handler.ts';
import { packPageText, unpackPageText, type FromWorker, type ToWorker } from './locate-protocol.ts';
import { createTextCache } from '../text-layer/text-cache.ts';

const PAGE_COUNT = 30;
const pageWords = (p: number) => `Page ${p} of the manual. Section ${p} explains the procedure for case number ${p * 7} in detail, step by step.`;
const PAGES: PageText[] = Array.from({ length: PAGE_COUNT }, (_, i) => syntheticPage(i + 1, flowText(pageWords(i + 1), { perLine: 50 })));
const QUOTE = 'explains the procedure for case number 189 in detail';

/** A worker stand-in around the real handler: the test answers page requests (or not) and reads the replies. */
function harness(answerPages = true) {
  const out: FromWorker[] = [];
  const asked: number[] = [];
  let handle: (m: ToWorker) => void = () => undefined;
  const settled = new Map<number, (m: FromWorker) => void>();
  handle = createLocateHandler((m) => {
    out.push(m);
    if (m.type === 'need-page') {
      asked.push(m.page);
      if (answerPages) setTimeout(() => handle({ type: 'page', doc: m.doc, page: m.page, pageText: packPageText(PAGES[m.page - 1]!) }), 0);
    }
    if (m.type === 'done' || m.type === 'failed') settled.get(m.id)?.(m);
  });
  const job = (id: number, job: Extract<ToWorker, { type: 'job' }>['job']) =>
    new Promise<FromWorker>((resolve) => {
      settled.set(id, resolve);
      handle({ type: 'job', id, doc: 1, pageCount: PAGE_COUNT, job });
    });
  return { out, asked, handle, job };
}

function fullIndex(): TextIndex {
  const index = new TextIndex(PAGE_COUNT);
  for (const p of PAGES) index.addPage(p);
  return index;
}

describe('the locate worker protocol', () => {
  it('locates a quote without a page hint by asking for pages, and finds what the core finds', async () => {
    const h = harness();
    const reply = await h.job(1, { kind: 'locate', quote: QUOTE });
    expect(reply.type).toBe('done');
    const result = (reply as { value: LocateResult }).value;
    expect(result).toEqual(locateInIndex(fullIndex(), QUOTE));
    expect(result).toMatchObject({ found: true, score: 1, page: 27 });
    // every page asked for once, even with the read-ahead
    expect([...h.asked].sort((a, b) => a - b)).toEqual(Array.from({ length: PAGE_COUNT }, (_, i) => i + 1));
  });

  it('a second quote of the same document reuses its index: no page is asked for again', async () => {
    const h = harness();
    await h.job(1, { kind: 'locate', quote: QUOTE });
    const before = h.asked.length;
    const reply = await h.job(2, { kind: 'locate', quote: 'Section 3 explains the procedure', page: 3 });
    expect((reply as { value: LocateResult }).value).toMatchObject({ found: true, page: 3 });
    expect(h.asked.length).toBe(before);
  });

  it('a hinted quote reads its page (and the next) only', async () => {
    const h = harness();
    const reply = await h.job(1, { kind: 'locate', quote: 'Section 12 explains the procedure', page: 12 });
    expect((reply as { value: LocateResult }).value).toMatchObject({ found: true, page: 12 });
    expect(h.asked).toEqual([12, 13]);
  });

  it('cancel stops a job: it fails as aborted and asks for no more pages', async () => {
    const h = harness(false); // pages never come: the job waits on page 1
    const reply = h.job(1, { kind: 'locate', quote: QUOTE });
    await new Promise((r) => setTimeout(r, 5));
    h.handle({ type: 'cancel', id: 1 });
    h.handle({ type: 'page', doc: 1, page: 1, pageText: packPageText(PAGES[0]!) });
    expect(await reply).toMatchObject({ type: 'failed', aborted: true });
    expect(h.asked).toEqual([1]);
  });

  it('a page that cannot be read is skipped, not fatal', async () => {
    const out: FromWorker[] = [];
    let done: (m: FromWorker) => void = () => undefined;
    const handle = createLocateHandler((m) => {
      out.push(m);
      if (m.type === 'need-page') {
        setTimeout(() =>
          m.page === 5
            ? handle({ type: 'page-error', doc: 1, page: 5, message: 'range request failed' })
            : handle({ type: 'page', doc: 1, page: m.page, pageText: packPageText(PAGES[m.page - 1]!) }),
        );
      }
      if (m.type === 'done' || m.type === 'failed') done(m);
    });
    const reply = new Promise<FromWorker>((r) => (done = r));
    handle({ type: 'job', id: 7, doc: 1, pageCount: PAGE_COUNT, job: { kind: 'locate', quote: 'case number 210' } });
    expect(await reply).toMatchObject({ type: 'done', value: { found: true, page: 30 } });
  });

  it('find reports every page in ascending order with its matches, as the core finds them', async () => {
    const h = harness();
    const reply = await h.job(3, { kind: 'find', query: 'procedure', options: { matchCase: false, wholeWords: false } });
    expect(reply.type).toBe('done');
    const pages = h.out.flatMap((m) => (m.type === 'find-page' ? [m.found] : []));
    expect(pages.map((f) => f.page)).toEqual(Array.from({ length: PAGE_COUNT }, (_, i) => i + 1));
    expect(pages.every((f) => f.matches.length === 1 && f.matches[0]!.length >= 1)).toBe(true);
  });

  it('checks a source like the review does, and reports whether the document has text', async () => {
    const h = harness();
    const reply = await h.job(4, { kind: 'check', source: { id: 'S1', documentId: 'd', page: 4, quote: 'case number 189' } });
    const check = (reply as { value: SourceCheck }).value;
    expect(check.status).toMatchObject({ kind: 'wrong-page', foundPage: 27 });
    expect(await h.job(5, { kind: 'text-layer' })).toMatchObject({ type: 'done', value: true });
  });
});

/** A Worker stand-in that fails to load its script, as a worker refused by a CSP or a sandbox would. */
class FailingWorker extends EventTarget {
  posted: unknown[] = [];
  postMessage(m: unknown) {
    this.posted.push(m);
    setTimeout(() => this.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message: 'script failed to load' })), 0);
  }
  terminate() {}
}

const source = { getPageText: async (p: number) => PAGES[p - 1]! };

describe('a page handed to the worker', () => {
  it('arrives as the same PageText, packed into transferable arrays', () => {
    const page: PageText = {
      page: 3,
      frame: { view: [0, 0, 612, 792], rotate: 90 },
      runs: [
        { str: 'שלום עולם', transform: [10, 0, 0, 10, 500, 700], width: 40.5, height: 10, hasEOL: false, fontName: 'g_d0_f2', dir: 'rtl' },
        { str: '', transform: [1, 0, 0, 1, 0, 0], width: 0, height: 0, hasEOL: true },
        { str: 'ﬁnal “quote”', transform: [0, 12, -12, 0, 72.25, 100], width: 61, height: 12, hasEOL: false, fontName: 'g_d0_f1', dir: 'ttb' },
        { str: 'plain', transform: [9, 0, 0, 9, 72, 90], width: 20, height: 9, hasEOL: true, fontName: 'g_d0_f2', dir: 'ltr' },
      ],
      styles: { g_d0_f1: { ascent: 0.8, descent: -0.2, fontFamily: 'serif' } },
    };
    expect(unpackPageText(packPageText(page))).toEqual(page);
    expect(unpackPageText(packPageText(PAGES[4]!))).toEqual(PAGES[4]);
  });
});

describe('the locate client', () => {
  it('locates on the main thread, in slices, when no worker can start', async () => {
    const service = new LocateService(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    expect(service.mode).toBe('main-thread');
    const result = await service.open(PAGE_COUNT, source).locate({ quote: QUOTE }, new AbortController().signal);
    expect(result).toEqual(locateInIndex(fullIndex(), QUOTE));
  });

  it('moves the jobs in flight to the main thread when the worker fails', async () => {
    const worker = new FailingWorker();
    const service = new LocateService(() => worker as unknown as Worker);
    expect(service.mode).toBe('worker');
    const result = await service.open(PAGE_COUNT, source).locate({ quote: QUOTE }, new AbortController().signal);
    expect(service.mode).toBe('main-thread');
    expect(worker.posted).toHaveLength(1);
    expect(result).toMatchObject({ found: true, page: 27 });
  });

  it('rejects at once when the signal aborts', async () => {
    const service = new LocateService(null);
    const controller = new AbortController();
    const job = service.open(PAGE_COUNT, source).locate({ quote: QUOTE }, controller.signal);
    controller.abort();
    await expect(job).rejects.toThrow();
  });
});

describe('one text request per page', () => {
  it('the text layer, a quote without a page hint and find share one getTextContent per page', async () => {
    const calls = new Map<number, number>();
    const pdf = {
      numPages: PAGE_COUNT,
      getPage: async (n: number) => ({
        view: [0, 0, 612, 792],
        rotate: 0,
        getTextContent: async () => {
          calls.set(n, (calls.get(n) ?? 0) + 1);
          const page = PAGES[n - 1]!;
          return { items: page.runs, styles: page.styles ?? {} };
        },
      }),
    } as unknown as PDFDocumentProxy;
    const cache = createTextCache(pdf);
    const signal = new AbortController().signal;
    await Promise.all([cache.getTextContent(27), cache.getTextContent(1)]); // the text layers on screen
    expect(await cache.locator.locate({ quote: QUOTE }, signal)).toMatchObject({ found: true, page: 27 });
    let pagesFound = 0;
    await cache.locator.find('manual', { matchCase: false, wholeWords: false }, () => pagesFound++, signal);
    expect(pagesFound).toBe(PAGE_COUNT);
    expect(cache.textRequests()).toBe(PAGE_COUNT);
    expect([...calls.values()].every((n) => n === 1)).toBe(true);
  });
});

import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { TextContent } from 'react-pdf';
import type { PageFrame } from '../../../core/coords/transform.ts';
import { toPageText, type PageText } from '../../../core/locate/page-text.ts';
import { packTextContent, unpackTextContent, type PackedTextContent } from '../../../core/locate/packed-text-content.ts';
import { locateService, type DocumentLocator } from '../locate/locate-client.ts';
import { frameOf } from '../render/render-queue.ts';

// ONE cache per open document, shared by the text layers and the quote locator. pdf.js parses a page's text in the
// worker on every getTextContent() call, so we ask once per page and keep the promise: re-rendering the text layer
// on zoom or rotation, and locating a quote on a page the user is looking at, reuse the same result.
// Nothing here is fetched eagerly: a page's proxy and text are requested only when someone needs them, so a
// 1,000-page PDF costs nothing until pages come near the viewport (or the locator searches them).
// The locator's index lives in the locate worker (locate-client.ts): it asks for a page's text through this cache,
// so the text layer, the quote locator, find and the review's checks share one getTextContent per page.

export interface DocumentTextCache {
  readonly pdf: PDFDocumentProxy;
  readonly pageCount: number;
  getPage(page: number): Promise<PDFPageProxy>;
  /** The page's proxy if it has already loaded (no wait), else undefined. */
  loadedPage(page: number): PDFPageProxy | undefined;
  getFrame(page: number): Promise<PageFrame>;
  getTextContent(page: number): Promise<TextContent>;
  /** Asks for the page's text now (once, as getTextContent does) without unpacking it for anyone. */
  prefetchText(page: number): Promise<void>;
  /** The page's text in the core `PageText` shape the quote locator consumes. */
  getPageText(page: number): Promise<PageText>;
  /** Quote location, find and source checks for this document, in the locate worker: one index per document,
   * shared by every quote, filled on demand from this cache. */
  readonly locator: DocumentLocator;
  /** How many times pdf.js was asked for a page's text content (at most once per page). */
  textRequests(): number;
  /**
   * Frees the page's drawing (operator list, decoded images) in the worker and here, as a page that unmounts does,
   * unless it is kept. pdf.js defers it until the page's render tasks have settled.
   */
  freeDrawing(page: number): void;
  /** Keeps the page's drawing until the returned release is called (a cited page prepared ahead, use-prepared-pages.ts). */
  keepDrawing(page: number): () => void;
  /** Hears each page whose drawing freeDrawing has freed (use-worker-cleanup.ts counts them). Returns the unsubscribe. */
  onDrawingFreed(listener: () => void): () => void;
}

// A cache nobody holds any more frees its index in the worker (viewers do not say when they let a document go).
const closeLocator = new FinalizationRegistry<DocumentLocator>((locator) => locator.close());

/** `known`: page proxies the caller already holds (the opened document's first page), ready with no promise turn. */
export function createTextCache(pdf: PDFDocumentProxy, known: readonly PDFPageProxy[] = []): DocumentTextCache {
  const pages = new Map<number, Promise<PDFPageProxy>>();
  // Each page's text is kept packed (core/locate/packed-text-content.ts: a quarter of the objects' memory), and
  // unpacked for whoever asks: a text layer being laid out, the locator reading the page.
  const texts = new Map<number, Promise<PackedTextContent>>();

  const remember = <T>(map: Map<number, Promise<T>>, key: number, make: () => Promise<T>): Promise<T> => {
    let promise = map.get(key);
    if (!promise) {
      promise = make();
      map.set(key, promise);
      // A failure must not poison the cache forever (e.g. a range request dropped by the network).
      promise.catch(() => {
        if (map.get(key) === promise) map.delete(key);
      });
    }
    return promise;
  };

  // Proxies that have arrived, for a page mounting now: it paints without waiting a promise turn and a render more
  // (a citation jump's page was learned in the background long before).
  const loaded = new Map<number, PDFPageProxy>();
  for (const page of known) {
    loaded.set(page.pageNumber, page);
    pages.set(page.pageNumber, Promise.resolve(page));
  }
  const getPage = (n: number) =>
    remember(pages, n, () =>
      pdf.getPage(n).then((p) => {
        loaded.set(n, p);
        return p;
      }),
    );

  let requests = 0;
  const packedText = (n: number) =>
    remember(texts, n, () => {
      const ask = (p: PDFPageProxy) => {
        requests++;
        return p.getTextContent().then(packTextContent);
      };
      // A loaded page is asked at once, not a promise turn later: the request then reaches the worker in the order
      // it was made (behind the page's drawing, ahead of the next page's).
      const page = loaded.get(n);
      return page ? ask(page) : getPage(n).then(ask);
    });
  // pdf.js's TextContent shape, which its TextLayer reads (a structural copy of what the worker sent).
  const getTextContent = (n: number) => packedText(n).then((packed) => unpackTextContent(packed) as unknown as TextContent);

  // Not kept: the locator's worker keeps its own index of the pages it was given, and the main thread needs a page's
  // runs only to hand them over (or to tell a scan with no text).
  const getPageText = async (n: number) => {
    const [page, packed] = await Promise.all([getPage(n), packedText(n)]);
    return toPageText(n, frameOf(page), unpackTextContent(packed));
  };

  // Pages whose drawing is kept, with how many keep it. A release frees the drawing a microtask later, so that a
  // keeper let go and taken again in the same commit (its effect re-run) does not throw the drawing away between.
  const keepers = new Map<number, number>();
  const freedListeners = new Set<() => void>();
  const freeDrawing = (n: number) => {
    const page = keepers.has(n) ? undefined : loaded.get(n);
    if (!page) return;
    void page.cleanup();
    for (const listener of freedListeners) listener();
  };
  const keepDrawing = (n: number) => {
    keepers.set(n, (keepers.get(n) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (keepers.get(n) ?? 1) - 1;
      if (left > 0) return void keepers.set(n, left);
      keepers.delete(n);
      queueMicrotask(() => freeDrawing(n));
    };
  };

  let locator: DocumentLocator | null = null;
  const cache: DocumentTextCache = {
    pdf,
    pageCount: pdf.numPages,
    getPage,
    loadedPage: (n) => loaded.get(n),
    getFrame: (n) => getPage(n).then(frameOf),
    getTextContent,
    prefetchText: (n) =>
      packedText(n).then(
        () => undefined,
        () => undefined,
      ),
    getPageText,
    get locator() {
      if (!locator) {
        locator = locateService().open(pdf.numPages, cache);
        closeLocator.register(cache, locator);
      }
      return locator;
    },
    textRequests: () => requests,
    freeDrawing,
    keepDrawing,
    onDrawingFreed: (listener) => {
      freedListeners.add(listener);
      return () => void freedListeners.delete(listener);
    },
  };
  return cache;
}

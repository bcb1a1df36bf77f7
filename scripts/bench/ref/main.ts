// The reference: pdf.js's own viewer components (PDFViewer + EventBus + PDFLinkService + PDFFindController) on the
// same PDF, with the same worker and loading options as citelens (src/features/viewer/pdf-viewer.tsx).
// Built by scripts/bench/vite.bench.config.ts and driven by scripts/bench.ts through `window.__ref`.
import * as pdfjsLib from 'pdfjs-dist';
import 'pdfjs-dist/web/pdf_viewer.css';

type ViewerModule = typeof import('pdfjs-dist/web/pdf_viewer.mjs');

// pdf_viewer.mjs reads `globalThis.pdfjsLib` when it is evaluated, so it is imported only after this assignment.
(globalThis as unknown as { pdfjsLib: typeof pdfjsLib }).pdfjsLib = pdfjsLib;
pdfjsLib.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

const BASE = import.meta.env.BASE_URL;
const OPTIONS = {
  cMapUrl: `${BASE}pdfjs/cmaps/`,
  cMapPacked: true,
  standardFontDataUrl: `${BASE}pdfjs/standard_fonts/`,
  wasmUrl: `${BASE}pdfjs/wasm/`,
  iccUrl: `${BASE}pdfjs/iccs/`,
  enableXfa: false,
  disableAutoFetch: true,
  disableStream: false,
  disableRange: false,
};

export interface RefApi {
  viewer: InstanceType<ViewerModule['PDFViewer']>;
  eventBus: InstanceType<ViewerModule['EventBus']>;
  findController: InstanceType<ViewerModule['PDFFindController']>;
  /** Resolves with performance.now() when `pagerendered` fires for `page`. */
  whenRendered(page: number): Promise<number>;
  /** Resolves with performance.now() on the first `updatefindcontrolstate` with state FOUND. */
  whenFound(): Promise<number>;
}

async function main(): Promise<void> {
  const { EventBus, PDFLinkService, PDFFindController, PDFViewer, FindState } = await import('pdfjs-dist/web/pdf_viewer.mjs');
  const params = new URLSearchParams(location.search);
  const file = params.get('file');
  if (!file) throw new Error('?file= is required');
  const container = document.getElementById('viewerContainer') as HTMLDivElement;
  container.style.width = `${Number(params.get('w') ?? 700)}px`;
  container.style.height = `${Number(params.get('h') ?? 800)}px`;

  const eventBus = new EventBus();
  const linkService = new PDFLinkService({ eventBus });
  const findController = new PDFFindController({ eventBus, linkService });
  const viewer = new PDFViewer({
    container,
    viewer: document.getElementById('viewer') as HTMLDivElement,
    eventBus,
    linkService,
    findController,
  });
  linkService.setViewer(viewer);

  const rendered = new Map<number, number>();
  const renderWaiters = new Map<number, ((t: number) => void)[]>();
  eventBus.on('pagerendered', (e: { pageNumber: number }) => {
    const t = performance.now();
    rendered.set(e.pageNumber, t);
    for (const resolve of renderWaiters.get(e.pageNumber) ?? []) resolve(t);
    renderWaiters.delete(e.pageNumber);
  });
  let foundWaiters: ((t: number) => void)[] = [];
  eventBus.on('updatefindcontrolstate', (e: { state: number }) => {
    if (e.state !== FindState.FOUND) return;
    const t = performance.now();
    for (const resolve of foundWaiters) resolve(t);
    foundWaiters = [];
  });
  eventBus.on('pagesinit', () => {
    viewer.currentScaleValue = 'page-width';
  });

  const api: RefApi = {
    viewer,
    eventBus,
    findController,
    whenRendered: (page) => {
      rendered.delete(page);
      return new Promise((resolve) => renderWaiters.set(page, [...(renderWaiters.get(page) ?? []), resolve]));
    },
    whenFound: () => new Promise((resolve) => foundWaiters.push(resolve)),
  };
  (window as unknown as { __ref: RefApi }).__ref = api;

  const pdf = await pdfjsLib.getDocument({ url: file, ...OPTIONS }).promise;
  viewer.setDocument(pdf);
  linkService.setDocument(pdf, null);
}

main().catch((e: unknown) => {
  console.error(e);
  document.body.dataset.error = String(e);
});

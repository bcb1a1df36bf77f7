// The reference for the answer route (scripts/bench-route.ts): pdf.js's own viewer components (PDFViewer + EventBus +
// PDFLinkService + PDFFindController) at pdf.js's DEFAULT loading options, beside a column of citation links, as a
// reader would have an answer beside pdf.js's viewer. No `window.__bench` here: the harness times both pages with the
// same in-page probe (scripts/bench/route-probe.ts), from real input events to what is on screen.
//
//   /route.html?file=URL&pagew=PX&w=W&h=H&cites=P:x0,y0,x1,y1;…[&cite=K][&search=Q[&find=1]]
//   pagew: page 1's width in CSS px (citelens's on its answer route, so both draw the same pixels); w × h: the
//   viewer's box, bottom right (citelens's document pane); cites: one link per citation, a page and a box (PDF points,
//   CropBox top-left, y down), the equivalent of citelens's highlight; cite=K: opened at citation K, as a link
//   `#page=P` opens pdf.js's viewer; search=Q: pdf.js's `#search=Q` (its find controller, whole document).
import * as pdfjsLib from 'pdfjs-dist';
import 'pdfjs-dist/web/pdf_viewer.css';
import { markOver, type RefPageView } from './mark.ts';
import { pdfjsViewerDefaults } from './pdfjs-defaults.ts';

// pdf_viewer.mjs reads `globalThis.pdfjsLib` when it is evaluated, so it is imported only after this assignment.
(globalThis as unknown as { pdfjsLib: typeof pdfjsLib }).pdfjsLib = pdfjsLib;
pdfjsLib.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

const OPTIONS = pdfjsViewerDefaults(import.meta.env.BASE_URL);

interface Cite {
  page: number;
  box: [number, number, number, number];
}

function parseCites(text: string): Cite[] {
  return text
    .split(';')
    .filter(Boolean)
    .map((c) => {
      const [page, box] = c.split(':');
      return { page: Number(page), box: (box ?? '72,112,400,140').split(',').map(Number) as Cite['box'] };
    });
}

async function main(): Promise<void> {
  const { EventBus, PDFLinkService, PDFFindController, PDFViewer } = await import('pdfjs-dist/web/pdf_viewer.mjs');
  const params = new URLSearchParams(location.search);
  const file = params.get('file');
  if (!file) throw new Error('?file= is required');
  const cites = parseCites(params.get('cites') ?? '');
  const container = document.getElementById('viewerContainer') as HTMLDivElement;
  const w = Number(params.get('w'));
  const h = Number(params.get('h'));
  if (w > 0) container.style.width = `${w}px`;
  if (h > 0) container.style.height = `${h}px`;

  const eventBus = new EventBus();
  const linkService = new PDFLinkService({ eventBus });
  const findController = new PDFFindController({ eventBus, linkService });
  const viewer = new PDFViewer({ container, viewer: document.getElementById('viewer') as HTMLDivElement, eventBus, linkService, findController });
  linkService.setViewer(viewer);

  const pageView = (page: number) => viewer.getPageView(page - 1) as RefPageView | undefined;
  // The highlight: a div over the citation's box. pdf.js empties a page's div when it draws it again, so the div is
  // put back as soon as the page is drawn (as citelens draws its highlight with the page).
  const marks = new Map<number, HTMLDivElement>();
  const placeMark = (page: number) => {
    const view = pageView(page);
    const mark = marks.get(page);
    if (view && mark && !mark.isConnected) view.div.append(mark);
  };
  eventBus.on('pagerendered', (e: { pageNumber: number }) => placeMark(e.pageNumber));

  /** What a citation link does: pdf.js's link navigation (an XYZ destination) and the highlight over the box. */
  const open = (cite: Cite) => {
    const view = pageView(cite.page);
    if (!view) return;
    for (const old of marks.values()) old.remove();
    marks.clear();
    const { mark, destArray } = markOver(view, cite.box);
    viewer.scrollPageIntoView({ pageNumber: cite.page, destArray });
    marks.set(cite.page, mark);
    placeMark(cite.page);
  };
  /** pdf.js's find bar's Enter (and its `#search=`): the whole document, from the current page. */
  const find = (query: string) =>
    eventBus.dispatch('find', {
      source: null,
      type: '',
      query,
      caseSensitive: false,
      entireWord: false,
      highlightAll: true,
      findPrevious: false,
      matchDiacritics: true,
    });

  const list = document.getElementById('cites') as HTMLDivElement;
  cites.forEach((cite, i) => {
    const button = document.createElement('button');
    button.textContent = `[${i + 1}]`;
    button.dataset.cite = String(i + 1);
    button.addEventListener('click', () => open(cite));
    list.append(button);
  });
  const search = params.get('search');
  if (search) {
    const button = document.createElement('button');
    button.textContent = 'Find';
    button.dataset.find = '';
    button.addEventListener('click', () => find(search));
    list.append(button);
  }

  const pageWidth = Number(params.get('pagew'));
  const first = Number(params.get('cite'));
  eventBus.on('pagesinit', () => {
    // pdf.js's scale 1 draws a point as 96/72 CSS px. Without `pagew`, pdf.js's own default zoom.
    const view = pageView(1)?.pdfPage?.view;
    if (pageWidth > 0 && view) viewer.currentScale = pageWidth / ((view[2]! - view[0]!) * (96 / 72));
    else viewer.currentScaleValue = 'auto';
    if (first > 0 && cites[first - 1]) open(cites[first - 1]!);
    if (search && params.get('find') === '1') find(search);
  });

  const task = pdfjsLib.getDocument({ url: new URL(file, location.href).href, ...OPTIONS });
  const pdf = await task.promise;
  viewer.setDocument(pdf);
  linkService.setDocument(pdf, null);
}

main().catch((e: unknown) => {
  console.error(e);
  document.body.dataset.error = String(e);
});

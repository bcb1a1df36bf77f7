// Stand-ins for the two classes react-pdf takes from pdfjs-dist/web/pdf_viewer.mjs (its LinkService extends
// SimpleLinkService and makes an EventBus). That module is pdf.js's whole viewer (169 kB, 51 kB gzip: find, history,
// annotation editors, Fluent…), and importing it loaded all of it before a page could paint. We draw pages, text,
// highlights and the outline ourselves and never use react-pdf's <Page> or <Outline>, the only readers of its link
// service, so these keep only the shape react-pdf's subclass and Document call. vite.config.ts points that import
// here for the app's build; pdf.js's own viewer (the benchmark's reference page) is built apart and keeps the real one.

type Listener = (data: unknown) => void;

export class EventBus {
  readonly #listeners = new Map<string, Set<Listener>>();

  on(eventName: string, listener: Listener): void {
    let set = this.#listeners.get(eventName);
    if (!set) this.#listeners.set(eventName, (set = new Set()));
    set.add(listener);
  }

  off(eventName: string, listener: Listener): void {
    this.#listeners.get(eventName)?.delete(listener);
  }

  dispatch(eventName: string, data: unknown): void {
    for (const listener of [...(this.#listeners.get(eventName) ?? [])]) listener(data);
  }
}

interface LinkServiceOptions {
  eventBus?: EventBus;
  externalLinkTarget?: number | null;
  externalLinkRel?: string | null;
}

/** pdf.js's SimpleLinkService: a link service that navigates nowhere (react-pdf's subclass overrides the rest). */
export class SimpleLinkService {
  externalLinkEnabled = true;
  eventBus: EventBus | undefined;
  externalLinkTarget: number | null;
  externalLinkRel: string | null;
  baseUrl: string | null = null;
  pdfDocument: unknown = null;
  pdfViewer: unknown = null;
  pdfHistory: unknown = null;

  constructor({ eventBus, externalLinkTarget = null, externalLinkRel = null }: LinkServiceOptions = {}) {
    this.eventBus = eventBus;
    this.externalLinkTarget = externalLinkTarget;
    this.externalLinkRel = externalLinkRel;
  }

  setDocument(pdfDocument: unknown, baseUrl: string | null = null): void {
    this.pdfDocument = pdfDocument;
    this.baseUrl = baseUrl;
  }

  setViewer(pdfViewer: unknown): void {
    this.pdfViewer = pdfViewer;
  }

  setHistory(pdfHistory: unknown): void {
    this.pdfHistory = pdfHistory;
  }

  async goToDestination(): Promise<void> {}

  goToPage(): void {}

  goToXY(): void {}

  addLinkAttributes(link: HTMLAnchorElement, url: string, newWindow = false): void {
    link.href = url;
    link.rel = this.externalLinkRel ?? 'noopener noreferrer nofollow';
    if (newWindow) link.target = '_blank';
  }

  getDestinationHash(): string {
    return '#';
  }

  getAnchorUrl(): string {
    return '#';
  }

  setHash(): void {}

  executeNamedAction(): void {}

  async executeSetOCGState(): Promise<void> {}
}

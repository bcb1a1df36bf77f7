import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Document, PasswordResponses, pdfjs, type DocumentProps } from 'react-pdf';
import { documentRequestHeaders } from '../../api/auth-token.ts';
import type { DocumentRef } from '../../core/model/types.ts';
import type { HighlightTarget } from '../../core/model/highlight-target.ts';
import type { PageCitation } from '../../core/pages/cited-pages.ts';
import { FindBar } from './find/find-bar.tsx';
import { FindStoreProvider, useFindStoreApi } from './find/find-store.ts';
import type { PageTheme } from './page-palette.ts';
import { createPdfWorker } from './pdf-worker.ts';
import { runViewerKey } from './shortcuts/viewer-actions.ts';
import { LoadError, LoadingPane, PasswordForm, ViewerErrorBoundary } from './load-states.tsx';
import { ContentGate } from './content-gate.tsx';
import { DocumentNotInAnswerError, loadFailure, type LoadFailure } from './load-failure.ts';
import type { DocumentTextCache } from './text-cache.ts';
import { ViewerPages, type AnchorResult } from './viewer-pages.tsx';
import { SidebarLayout } from './sidebar-layout.tsx';
import { ViewerStoreProvider, useViewerStoreApi } from './viewer-store.ts';
import { ViewerToolbar } from './viewer-toolbar.tsx';
import { useTranslate } from '../../i18n/use-translate.ts';
import './viewer.css';

// Set here, in the module that renders <Document>, so the worker comes from the very pdfjs-dist react-pdf uses.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

const BASE = import.meta.env.BASE_URL;

// Module-level and therefore stable: react-pdf keys its document cache by [file, options], so a new options object
// per render would reload the PDF. The resource folders are copied from pdfjs-dist by our build (vite.config.ts).
const BASE_OPTIONS = {
  cMapUrl: `${BASE}pdfjs/cmaps/`,
  cMapPacked: true,
  standardFontDataUrl: `${BASE}pdfjs/standard_fonts/`,
  wasmUrl: `${BASE}pdfjs/wasm/`,
  iccUrl: `${BASE}pdfjs/iccs/`,
  enableXfa: false,
  // Range requests + streaming: a 1,000-page PDF opens as soon as its first page's objects have arrived. pdf.js
  // honours disableAutoFetch only when streaming is off, so the rest of the file still streams in the background;
  // we keep streaming because it is what makes the download progress bar move on a slow connection.
  disableAutoFetch: true,
  disableStream: false,
  disableRange: false,
  // The API's bearer token (embedding portals, signed links): one object updated in place, read by pdf.js when a
  // document starts loading (src/api/auth-token.ts), so a token is never put into a document URL.
  httpHeaders: documentRequestHeaders,
} satisfies DocumentProps['options'];

let documentOptions: DocumentProps['options'] | undefined;

/**
 * The options with ONE pdf.js worker shared by every document and every viewer of the page. Without it, pdf.js
 * starts a new worker per document (fetch + parse of a 1.2 MB script, ~0.8 s here) on every document switch.
 * A worker passed in is not terminated when a loading task is destroyed. Created on first use, not at import,
 * so importing this module (e.g. in unit tests with react-pdf mocked) starts nothing.
 */
export function getDocumentOptions(): DocumentProps['options'] {
  documentOptions ??= { ...BASE_OPTIONS, worker: createPdfWorker() };
  return documentOptions;
}

/**
 * Starts pdf.js's worker now (fetching and compiling its 1.2 MB script), instead of when the first document opens.
 * The locator's starts once a page has painted (ViewerPages), or at once when a quote must be searched before that:
 * the first paint does not wait for its 38 kB.
 */
export function prepareViewerWorkers(): void {
  getDocumentOptions();
}

export interface PdfViewerProps {
  /** Documents of the answer (url is absolute). */
  documents: DocumentRef[];
  /** The active document. */
  documentId: string;
  /** The document switcher (shown only when documents.length > 1). */
  onDocumentChange(id: string): void;
  /** What to highlight; a new nonce = scroll and flash again. */
  target: HighlightTarget | null;
  /** Deep-link page when there is no target. */
  initialPage?: number;
  /** Go to `page` whenever `seq` changes (Back/Forward to a view without a citation); null: nothing asked. */
  historyPage?: { page: number; seq: number } | null;
  /** The current (most visible) page, for the URL. */
  onPageChange?(page: number): void;
  /** The active highlight region (0-based) after the user stepped to it. */
  onRegionChange?(region: number): void;
  /** Step the target's regions from outside the viewer (a keyboard shortcut of the page); a new `seq` = one step. */
  regionStep?: { delta: 1 | -1; seq: number } | null;
  /**
   * The open document's text cache (null when it closes), so the page can run its own checks over the same text
   * and search index instead of parsing the PDF a second time.
   */
  onTextCache?(documentId: string, cache: DocumentTextCache | null): void;
  /** The target's highlight was drawn, or the passage was not located (once per target). */
  onAnchored?(result: AnchorResult): void;
  /** The document could not be opened (damaged, empty, not found, locked, too large): the reason the pane shows. */
  onLoadFailed?(documentId: string, failure: LoadFailure): void;
  /** The answer's citations of the active document, for the thumbnails' marker badges (keep the array stable). */
  citations?: readonly PageCitation[];
  /** Keyboard `]`/`[` in the viewer: step the target's regions (the host owns the region, as for `regionStep`). */
  onStepRegion?(delta: 1 | -1): void;
  /** Keyboard `.`/`,` in the viewer: open the answer's next/previous citation. */
  onStepCitation?(delta: 1 | -1): void;
  /** `night`: pages (and thumbnails) recoloured for reading in the dark, marks in night colours; default `paper`. */
  pageTheme?: PageTheme;
  /**
   * Start the locator's worker once a page has painted (default), so the first quote and the review's checks find it
   * ready. /bench, which searches only when asked, leaves it off: a quote then starts it itself.
   */
  warmLocator?: boolean;
}

export function PdfViewer(props: PdfViewerProps) {
  // One store per viewer instance: two viewers on a page never share zoom, pages or regions.
  return (
    <ViewerStoreProvider>
      <FindStoreProvider>
        <ViewerRoot {...props} />
      </FindStoreProvider>
    </ViewerStoreProvider>
  );
}

function ViewerRoot({ citations = NO_CITATIONS, documents, documentId, onDocumentChange, target, initialPage, historyPage = null, onPageChange, onRegionChange, regionStep, onTextCache, onAnchored, onLoadFailed, onStepRegion, onStepCitation, pageTheme = 'paper', warmLocator }: PdfViewerProps) {
  const t = useTranslate();
  const store = useViewerStoreApi();
  useHistoryPage(store, historyPage);
  // Before paint: the pages read it from the store, and a first paint in the wrong colours would be wasted work.
  useLayoutEffect(() => store.getState().setPageTheme(pageTheme), [store, pageTheme]);
  const find = useFindStoreApi();
  const rootRef = useRef<HTMLDivElement>(null);
  const stableTarget = useStableTarget(target);
  const doc = documents.find((d) => d.id === documentId);

  // A NEW target in another document of the answer: ask the parent to switch. Only on arrival (per nonce): when the
  // user later picks another document in the switcher, the old target must not pull the viewer back.
  const handledNonce = useRef<number | null>(null);
  useEffect(() => {
    if (!stableTarget || handledNonce.current === stableTarget.nonce) return;
    handledNonce.current = stableTarget.nonce;
    if (stableTarget.documentId !== documentId && documents.some((d) => d.id === stableTarget.documentId)) {
      onDocumentChange(stableTarget.documentId);
    }
  }, [stableTarget, documentId, documents, onDocumentChange]);

  // Every viewer key is an action of shortcuts/viewer-actions.ts; they fire only while the focus is in the viewer.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const ctx = {
      viewer: store,
      find,
      scrollsSideways: () => {
        const el = rootRef.current?.querySelector<HTMLElement>('[data-viewer-scroll]');
        return !!el && el.scrollWidth > el.clientWidth + 1;
      },
      stepRegion: onStepRegion,
      stepCitation: onStepCitation,
    };
    if (runViewerKey(e.nativeEvent, ctx)) e.preventDefault();
  };
  /** The find bar closed: the focus goes back to the pages, so the viewer's keys keep working. */
  const focusPages = () => rootRef.current?.querySelector<HTMLElement>('[data-viewer-scroll]')?.focus();

  return (
    <div ref={rootRef} data-viewer="" role="region" aria-label={t('viewer.pdfViewer')} className="flex h-full min-h-0 flex-col bg-slate-100" onKeyDown={onKeyDown}>
      <ViewerToolbar documents={documents} documentId={documentId} onDocumentChange={onDocumentChange} />
      <FindBar onClose={focusPages} />
      <div className="relative min-h-0 flex-1">
        {doc ? (
          <DocumentPane
            key={doc.url}
            url={doc.url}
            target={stableTarget?.documentId === documentId ? stableTarget : null}
            initialPage={initialPage}
            onPageChange={onPageChange}
            onRegionChange={onRegionChange}
            regionStep={regionStep ?? null}
            onTextCache={onTextCache ? (cache) => onTextCache(documentId, cache) : undefined}
            onAnchored={onAnchored}
            onLoadFailed={onLoadFailed ? (failure) => onLoadFailed(documentId, failure) : undefined}
            citations={citations}
            warmLocator={warmLocator}
          />
        ) : (
          <LoadError error={new DocumentNotInAnswerError(documentId)} />
        )}
      </div>
    </div>
  );
}

type PasswordState = { kind: 'none' } | { kind: 'needed'; incorrect: boolean; respond(password: string): void };

interface DocumentPaneProps {
  url: string;
  warmLocator: boolean | undefined;
  target: HighlightTarget | null;
  initialPage: number | undefined;
  onPageChange?(page: number): void;
  onRegionChange?(region: number): void;
  regionStep: { delta: 1 | -1; seq: number } | null;
  onTextCache: ((cache: DocumentTextCache | null) => void) | undefined;
  onAnchored: ((result: AnchorResult) => void) | undefined;
  onLoadFailed: ((failure: LoadFailure) => void) | undefined;
  citations: readonly PageCitation[];
}

const NO_CITATIONS: readonly PageCitation[] = [];

/** One document's loading, password and error handling; keyed by URL so nothing leaks between documents. */
function DocumentPane({ url, target, initialPage, onPageChange, onRegionChange, regionStep, onTextCache, onAnchored, onLoadFailed, citations, warmLocator }: DocumentPaneProps) {
  const store = useViewerStoreApi();
  const [password, setPassword] = useState<PasswordState>({ kind: 'none' });
  // Load failures (a damaged file, a 404) are expected outcomes, shown by react-pdf's own error slot. With suspense
  // they would travel through an error boundary, which React reports as a console error.
  const [loadError, setLoadError] = useState<Error | null>(null);
  // The file opened but is not shown: a stream in it inflates past our limit (content-gate.tsx). No Retry: the same
  // bytes would fail the same way.
  const [blocked, setBlocked] = useState<Error | null>(null);
  // Retry after a load error: a new <Document> (keyed by the attempt) loads the file again.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setLoadError(null);
    setPassword({ kind: 'none' });
    setAttempt((a) => a + 1);
  }, []);

  useEffect(() => {
    // No error reset here: the pane is keyed by URL, so a new document starts with fresh state.
    store.getState().beginLoading(url);
  }, [store, url]);

  // Said to the page once per failure, so the references and the review settle now, with the pane's own reason.
  const reportFailure = useEffectEvent((failure: LoadFailure) => onLoadFailed?.(failure));
  const failed = loadError ?? blocked;
  useEffect(() => {
    if (failed) reportFailure(loadFailure(failed));
  }, [failed]);

  // react-pdf hands both callbacks to pdf.js when the load starts; they only touch stable setters.
  const onPassword = useCallback<NonNullable<DocumentProps['onPassword']>>((callback, reason) => {
    setPassword({
      kind: 'needed',
      incorrect: reason === PasswordResponses.INCORRECT_PASSWORD,
      respond: (pw) => {
        setPassword({ kind: 'none' });
        callback(pw);
      },
    });
  }, []);
  const onLoadProgress = useCallback<NonNullable<DocumentProps['onLoadProgress']>>(
    ({ loaded, total }) => store.getState().setLoadProgress({ loaded, total }),
    [store],
  );

  if (blocked) return <LoadError error={blocked} />;
  return (
    <>
      <ViewerErrorBoundary fallback={(error) => <LoadError error={error} />}>
        <Document
          key={attempt}
          file={url}
          options={getDocumentOptions()}
          onPassword={onPassword}
          onLoadProgress={onLoadProgress}
          className="h-full"
          loading={<LoadingPane />}
          suspense={false}
          onLoadError={setLoadError}
          onSourceError={setLoadError}
          error={<LoadError error={loadError ?? new Error('')} onRetry={retry} />}
        >
          {({ pdf }) => (
            <ContentGate pdf={pdf} onBlocked={setBlocked}>
              <SidebarLayout pdf={pdf} documentKey={url} citations={citations}>
                {(scheduler) => (
                  <ViewerPages
                    pdf={pdf}
                    documentKey={url}
                    target={target}
                    initialPage={initialPage}
                    onPageChange={onPageChange}
                    onRegionChange={onRegionChange}
                    regionStep={regionStep}
                    onTextCache={onTextCache}
                    onAnchored={onAnchored}
                    scheduler={scheduler}
                    warmLocator={warmLocator}
                  />
                )}
              </SidebarLayout>
            </ContentGate>
          )}
        </Document>
      </ViewerErrorBoundary>
      {password.kind === 'needed' && <PasswordForm incorrect={password.incorrect} onSubmit={password.respond} />}
    </>
  );
}

/** Back/Forward landed on a view without a citation: show its page (once per `seq`; the first one is the mount's). */
function useHistoryPage(store: ReturnType<typeof useViewerStoreApi>, request: { page: number; seq: number } | null) {
  const handled = useRef(request?.seq ?? null);
  useEffect(() => {
    if (!request || handled.current === request.seq) return;
    handled.current = request.seq;
    store.getState().goToPage(request.page);
  }, [store, request]);
}

/** The same target object for as long as its nonce is the same, whatever the parent does with identities. */
function useStableTarget(target: HighlightTarget | null): HighlightTarget | null {
  // State adjusted during render (React's pattern for values derived from the previous render): no ref is read or
  // written while rendering.
  const [stable, setStable] = useState(target);
  const same =
    target === stable ||
    (!!target && !!stable && target.nonce === stable.nonce && target.sourceId === stable.sourceId && target.documentId === stable.documentId);
  if (!same) setStable(target);
  return same ? stable : target;
}

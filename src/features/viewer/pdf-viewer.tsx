import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PasswordResponses } from 'react-pdf';
import type { DocumentRef } from '../../core/model/types.ts';
import type { HighlightTarget } from '../../core/model/highlight-target.ts';
import type { PageCitation } from '../../core/pages/cited-pages.ts';
import { FindBar } from './find/find-bar.tsx';
import { FindElsewhere } from './find/find-elsewhere.tsx';
import { FindStoreProvider, useFindStoreApi } from './find/find-store.ts';
import type { PageTheme } from './render/page-palette.ts';
import { usePdfDocument } from './document/pdf-document.ts';
import { runViewerKey } from './shortcuts/viewer-actions.ts';
import { LoadError, LoadingPane, PasswordForm, ViewerErrorBoundary } from './document/load-states.tsx';
import { ContentGate } from './document/content-gate.tsx';
import { DocumentNotInAnswerError, loadFailure, type LoadFailure } from './document/load-failure.ts';
import { ViewerPages } from './pages/viewer-pages.tsx';
import { SidebarLayout } from './sidebar/sidebar-layout.tsx';
import { ViewerStoreProvider, useViewerStoreApi } from './viewer-store.ts';
import { ViewerToolbar } from './toolbar/viewer-toolbar.tsx';
import type { DocumentLink } from './toolbar/document-actions.tsx';
import { ViewerHost, useViewerHost, type ViewerEventHandler } from './viewer-host.tsx';
import type { ViewerCitationCheck } from './citation-checks.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { markStyle } from './render/page-palette.ts';
import './viewer.css';

// The marks' colours (page-palette.ts), inherited by every mark of the viewer.
const MARKS = markStyle();

export interface PdfViewerProps {
  /** Documents of the answer (url is absolute). */
  documents: DocumentRef[];
  /** The active document. */
  documentId: string;
  /** What to highlight; a new nonce = scroll and flash again. */
  target: HighlightTarget | null;
  /** Deep-link page when there is no target. */
  initialPage?: number;
  /** Go to `page` whenever `seq` changes (Back/Forward to a view without a citation); null: nothing asked. */
  historyPage?: { page: number; seq: number } | null;
  /** Step the target's regions from outside the viewer (a keyboard shortcut of the page); a new `seq` = one step. */
  regionStep?: { delta: 1 | -1; seq: number } | null;
  /**
   * The answer's citations of the active document (keep the array stable): the thumbnails' marker badges, and the
   * pages made ready to draw in the background, so that a click on one of them costs only the painting.
   */
  citations?: readonly PageCitation[];
  /** The review's verdicts of the answer's citations, by source id (keep the map stable): said over the page. */
  checks?: ReadonlyMap<string, ViewerCitationCheck>;
  /** `night`: pages (and thumbnails) recoloured for reading in the dark, marks in night colours; default `paper`. */
  pageTheme?: PageTheme;
  /**
   * Our viewer's address for a document at a page, for "Open in a new tab" (keep it stable); absent, or null for a
   * document: the button is not shown. Never the file's own URL (docs/security.md).
   */
  documentLink?: DocumentLink;
  /** Everything the viewer reports or asks of its host (viewer-host.tsx), in one typed channel. */
  onEvent?: ViewerEventHandler;
}

export function PdfViewer({ onEvent, checks, ...props }: PdfViewerProps) {
  // One store per viewer instance: two viewers on a page never share zoom, pages or regions.
  return (
    <ViewerHost documentId={props.documentId} onEvent={onEvent} checks={checks}>
      <ViewerStoreProvider>
        <FindStoreProvider>
          <ViewerRoot {...props} />
        </FindStoreProvider>
      </ViewerStoreProvider>
    </ViewerHost>
  );
}

function ViewerRoot({
  citations = NO_CITATIONS,
  documents,
  documentId,
  target,
  initialPage,
  historyPage = null,
  regionStep,
  pageTheme = 'paper',
  documentLink,
}: Omit<PdfViewerProps, 'onEvent' | 'checks'>) {
  const t = useTranslate();
  const { emit } = useViewerHost();
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
      emit({ kind: 'open-document', documentId: stableTarget.documentId });
    }
  }, [stableTarget, documentId, documents, emit]);

  // Every viewer key is an action of shortcuts/viewer-actions.ts; they fire only while the focus is in the viewer.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const ctx = {
      viewer: store,
      find,
      scrollsSideways: () => {
        const el = rootRef.current?.querySelector<HTMLElement>('[data-viewer-scroll]');
        return !!el && el.scrollWidth > el.clientWidth + 1;
      },
      stepRegion: (delta: 1 | -1) => emit({ kind: 'step-region', delta }),
      stepCitation: (delta: 1 | -1) => emit({ kind: 'step-citation', delta }),
    };
    if (runViewerKey(e.nativeEvent, ctx)) e.preventDefault();
  };
  /** The find bar closed: the focus goes back to the pages, so the viewer's keys keep working. */
  const focusPages = useCallback(() => rootRef.current?.querySelector<HTMLElement>('[data-viewer-scroll]')?.focus(), []);

  return (
    <div
      ref={rootRef}
      data-viewer=""
      role="region"
      aria-label={t('viewer.pdfViewer')}
      style={MARKS}
      className="flex h-full min-h-0 flex-col bg-slate-100"
      onKeyDown={onKeyDown}
    >
      <ViewerToolbar documents={documents} documentId={documentId} documentLink={documentLink} />
      <FindBar onClose={focusPages} />
      <FindElsewhere documents={documents} documentId={documentId} />
      <div className="relative min-h-0 flex-1">
        {doc ? (
          <DocumentPane
            key={doc.url}
            url={doc.url}
            target={stableTarget?.documentId === documentId ? stableTarget : null}
            initialPage={initialPage}
            regionStep={regionStep ?? null}
            citations={citations}
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
  target: HighlightTarget | null;
  initialPage: number | undefined;
  regionStep: { delta: 1 | -1; seq: number } | null;
  citations: readonly PageCitation[];
}

const NO_CITATIONS: readonly PageCitation[] = [];

/** One document's loading, password and error handling; keyed by URL so nothing leaks between documents. */
function DocumentPane(props: DocumentPaneProps) {
  const { url } = props;
  const store = useViewerStoreApi();
  // Read while rendering: this pane is keyed by its address, so its reports keep its own document's id.
  const { emit, documentId } = useViewerHost();
  const onLoadFailed = (failure: LoadFailure) => emit({ kind: 'load-failed', documentId, failure });
  // The file opened but is not shown: a stream in it inflates past our limit (content-gate.tsx). No Retry: the same
  // bytes would fail the same way.
  const [blocked, setBlocked] = useState<Error | null>(null);
  // Retry after a load error: a new DocumentLoad (keyed by the attempt) loads the file again.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  // Before paint, and before the opening's effect below hands the store this document's download progress: the
  // toolbar never shows the previous document's pages, and the progress is not wiped right after it came.
  useLayoutEffect(() => {
    // No error reset here: the pane is keyed by URL, so a new document starts with fresh state.
    store.getState().beginLoading(url);
  }, [store, url]);

  // Said to the page once per failure, so the references and the review settle now, with the pane's own reason.
  const reportFailure = useEffectEvent((failure: LoadFailure) => onLoadFailed(failure));
  useEffect(() => {
    if (blocked) reportFailure(loadFailure(blocked));
  }, [blocked]);

  if (blocked) return <LoadError error={blocked} />;
  return (
    <ViewerErrorBoundary fallback={(error) => <LoadError error={error} />}>
      <DocumentLoadView key={attempt} {...props} onRetry={retry} onBlocked={setBlocked} onFailed={(error) => onLoadFailed(loadFailure(error))} />
    </ViewerErrorBoundary>
  );
}

/** One attempt at opening the document: loading (with its progress and a password form), failed, or its pages. */
function DocumentLoadView({
  url,
  target,
  initialPage,
  regionStep,
  citations,
  onRetry,
  onBlocked,
  onFailed,
}: DocumentPaneProps & { onRetry(): void; onBlocked(error: Error): void; onFailed(error: Error): void }) {
  const store = useViewerStoreApi();
  const [password, setPassword] = useState<PasswordState>({ kind: 'none' });
  const load = usePdfDocument(url, {
    onPassword: (respond, reason) =>
      setPassword({
        kind: 'needed',
        incorrect: reason === PasswordResponses.INCORRECT_PASSWORD,
        respond: (pw) => {
          setPassword({ kind: 'none' });
          respond(pw);
        },
      }),
    onProgress: ({ loaded, total }) => store.getState().setLoadProgress({ loaded, total }),
  });
  const failedWith = load.kind === 'failed' ? load.error : null;
  const reportFailed = useEffectEvent((error: Error) => onFailed(error));
  useEffect(() => {
    if (failedWith) reportFailed(failedWith);
  }, [failedWith]);

  switch (load.kind) {
    case 'loading':
      return (
        <>
          <LoadingPane />
          {password.kind === 'needed' && <PasswordForm incorrect={password.incorrect} onSubmit={password.respond} />}
        </>
      );
    case 'failed':
      return <LoadError error={load.error} onRetry={onRetry} />;
    case 'loaded':
      return (
        <div className="h-full">
          <ContentGate pdf={load.pdf} onBlocked={onBlocked}>
            <SidebarLayout pdf={load.pdf} documentKey={url} citations={citations}>
              {(scheduler) => (
                <ViewerPages
                  pdf={load.pdf}
                  firstPage={load.firstPage}
                  documentKey={url}
                  target={target}
                  initialPage={initialPage}
                  regionStep={regionStep}
                  scheduler={scheduler}
                  citations={citations}
                />
              )}
            </SidebarLayout>
          </ContentGate>
        </div>
      );
    default: {
      const never: never = load;
      return never;
    }
  }
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

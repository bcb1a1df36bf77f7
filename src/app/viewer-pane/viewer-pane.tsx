import { useCallback, useEffect } from 'react';
import { hasApiToken } from '../../api/auth-token.ts';
import type { Answer } from '../../core/model/types.ts';
import { DocumentViewer } from '../../features/viewer/document-viewer.tsx';
import type { ViewerEvent } from '../../features/viewer/viewer-host.tsx';
import { prepareViewerWorkers } from '../../features/viewer/document/pdf-options.ts';
import { shownDocumentId } from './shown-document.ts';
import { modelFor, useCitation } from '../answer-view/answer-citation.ts';
import { reportAnchored } from '../embed/app-events.ts';
import { neighbourCitation } from './citation-steps.ts';
import { DeepLinkFrame, useDeepLink } from './deep-link-banner.tsx';
import { useReviewExchange } from './review-exchange.ts';
import { MissingLocalDocument, missingLocalDocument } from '../local-files/missing-local-document.tsx';
import { EmptyViewer } from '../layout/pane-placeholders.tsx';
import { effectiveNightPages, useThemeStore } from '../theme/theme-store.ts';
import { useCitationAnnouncer } from './use-citation-announcer.ts';
import { useViewStore } from '../navigation/view-store.ts';
import { viewLink } from '../navigation/view-link.ts';
import { isLocalAnswerId } from '../../features/local-files/local-answer.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { liftFirstPageHold } from '../../lib/first-page-hold.ts';

// The answer view's document pane. It is its own chunk (answer-view.tsx loads it lazily) because it brings pdf.js,
// the viewer and the background source checks: the answer text paints without waiting for them.

/** The answer view starts the viewer's workers as soon as this chunk arrives (answer-view.tsx). */
export const startViewerWorkers = prepareViewerWorkers;

export function ViewerPane({ answer }: { answer: Answer }) {
  const { view, target } = useCitation(answer);
  const regionStep = useViewStore((s) => s.regionStep);
  // Night pages: the portal's or the link's `night`, else the reader's saved choice (full app only).
  const nightPages = effectiveNightPages(
    useViewStore.getState().embedded,
    useViewStore((s) => s.display.night),
    useThemeStore((s) => s.nightPages),
  );
  const documentId = shownDocumentId(answer, view, target?.documentId);
  const announcer = useCitationAnnouncer(answer, target);
  // What the viewer and the review's checks hand each other (review-exchange.ts).
  const review = useReviewExchange(answer, modelFor(answer), documentId, target);
  // A link to what does not exist is said above the document; Back/Forward keeps the page in step with the URL.
  const deepLink = useDeepLink(answer, modelFor(answer), target, documentId);
  // Every event of the viewer (viewer-host.tsx), each to whoever takes it: the URL (view store), the review, the
  // live region, an embedding portal.
  const onViewerEvent = (event: ViewerEvent) => {
    const store = useViewStore.getState();
    switch (event.kind) {
      case 'anchored':
        reportAnchored(event.result);
        review.fromViewer(event);
        announcer.onAnchored(event.result);
        return;
      case 'text-cache':
        review.fromViewer(event);
        deepLink.onTextCache(event.documentId, event.cache);
        return;
      case 'load-failed':
        // No page 1 will come: what waited for it (first-page-hold.ts) may start.
        liftFirstPageHold();
        review.fromViewer(event);
        return;
      case 'page-changed':
        store.setPage(event.page);
        return;
      case 'region-changed':
        store.setRegion(event.region + 1);
        announcer.onRegion(event.region);
        return;
      case 'open-document':
        store.showDocument(event.documentId);
        return;
      case 'step-region':
        store.stepRegion(event.delta);
        return;
      case 'step-citation': {
        const key = neighbourCitation(
          modelFor(answer).citations.map((c) => c.key),
          view.cite,
          event.delta,
        );
        if (key) store.cite(key);
        return;
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  };
  // "Open in a new tab": our own viewer of that document at that page (never the file: the browser's PDF viewer runs
  // its JavaScript). Not where a new tab could not load it: a local or in-memory answer, an embedded view, a token
  // held in this tab's memory only.
  const answerId = view.answer;
  const turn = view.turn;
  const documentLink = useCallback(
    (doc: string, page: number) => {
      if (answerId === undefined || isLocalAnswerId(answerId) || useViewStore.getState().embedded || hasApiToken()) return null;
      return viewLink(window.location.href, { answer: answerId, ...(turn !== undefined && { turn }), doc, page }, {}, 'full');
    },
    [answerId, turn],
  );
  const t = useTranslate();
  // A local answer's document whose file was not given: named, with a way to add it (never fetched from anywhere).
  const missing = documentId ? missingLocalDocument(answer.documents, documentId) : null;
  // No document to draw: no page 1 to wait for (first-page-hold.ts).
  const drawsNothing = !documentId || !!missing;
  useEffect(() => {
    if (drawsNothing) liftFirstPageHold();
  }, [drawsNothing]);
  if (!documentId) return <EmptyViewer>{t('viewer.noDocument')}</EmptyViewer>;
  if (missing) return <MissingLocalDocument documents={answer.documents} doc={missing} />;
  return (
    <DeepLinkFrame problem={deepLink.problem}>
      <DocumentViewer
        documents={answer.documents}
        sources={answer.sources}
        documentId={documentId}
        target={target}
        initialPage={target ? undefined : view.page}
        historyPage={deepLink.historyPage}
        regionStep={regionStep}
        citations={review.citations}
        checks={review.checks}
        pageTheme={nightPages ? 'night' : 'paper'}
        documentLink={documentLink}
        onEvent={onViewerEvent}
      />
    </DeepLinkFrame>
  );
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import { hasApiToken } from '../api/auth-token.ts';
import { foundPagesOf, pageCitations, withFoundPages } from '../core/pages/cited-pages.ts';
import type { Answer } from '../core/model/types.ts';
import { DocumentViewer } from '../features/viewer/document-viewer.tsx';
import { CitationChecksContext } from '../features/viewer/citation-checks.ts';
import { useCitationVerdicts } from './review-result.ts';
import { viewerChecks } from './viewer-checks.ts';
import { prepareViewerWorkers } from '../features/viewer/pdf-options.ts';
import { shownDocumentId } from './shown-document.ts';
import type { AnchorResult } from '../features/viewer/viewer-pages.tsx';
import { modelFor, useCitation } from './answer-citation.ts';
import { reportAnchored } from './app-events.ts';
import { neighbourCitation } from './citation-steps.ts';
import { DeepLinkFrame, useDeepLink } from './deep-link-banner.tsx';
import { MissingLocalDocument, missingLocalDocument } from './missing-local-document.tsx';
import { EmptyViewer } from './pane-placeholders.tsx';
import { effectiveNightPages, useThemeStore } from './theme-store.ts';
import { useCitationAnnouncer } from './use-citation-announcer.ts';
import { useSourceChecks } from './use-source-checks.ts';
import { useViewStore } from './view-store.ts';
import { useReviewChecksStore } from './review-checks-store.ts';
import { viewLink } from './view-link.ts';
import { isLocalAnswerId } from '../features/local-files/local-answer.ts';
import { useTranslate } from '../i18n/use-translate.ts';
import { liftFirstPageHold } from '../lib/first-page-hold.ts';

// The answer view's document pane. It is its own chunk (answer-view.tsx loads it lazily) because it brings pdf.js,
// the viewer and the background source checks: the answer text paints without waiting for them.

/** The answer view starts the viewer's workers as soon as this chunk arrives (answer-view.tsx). */
export const startViewerWorkers = prepareViewerWorkers;

export function ViewerPane({ answer }: { answer: Answer }) {
  const { view, target } = useCitation(answer);
  const { showDocument, setPage, setRegion, stepRegion } = useViewStore.getState();
  const regionStep = useViewStore((s) => s.regionStep);
  // Night pages: the portal's or the link's `night`, else the reader's saved choice (full app only).
  const nightPages = effectiveNightPages(useViewStore.getState().embedded, useViewStore((s) => s.display.night), useThemeStore((s) => s.nightPages));
  const documentId = shownDocumentId(answer, view, target?.documentId);
  // The nonce of the last citation the viewer finished (highlighted, or said it is not there): until the current
  // one is, the background checks hold back (use-source-checks.ts).
  const [anchoredNonce, setAnchoredNonce] = useState<number | null>(null);
  const targetNonce = target?.nonce ?? null;
  const announcer = useCitationAnnouncer(answer, target);
  const announceArrival = announcer.onAnchored;
  const onAnchored = useCallback(
    (result: AnchorResult) => {
      reportAnchored(result);
      setAnchoredNonce(targetNonce);
      announceArrival(result);
    },
    [targetNonce, announceArrival],
  );
  const checks = useSourceChecks(answer, modelFor(answer), documentId, targetNonce !== null && anchoredNonce !== targetNonce);
  // A document that will not open: its citations settle with the viewer's reason, and the checks stop waiting for
  // the viewer to finish a citation it never will.
  const { onDocumentFailed } = checks;
  const onLoadFailed = useCallback<typeof onDocumentFailed>(
    (id, failure) => {
      // No page 1 will come: what waited for it (first-page-hold.ts) may start.
      liftFirstPageHold();
      setAnchoredNonce(targetNonce);
      onDocumentFailed(id, failure);
    },
    [targetNonce, onDocumentFailed],
  );
  // A link to what does not exist is said above the document; Back/Forward keeps the page in step with the URL.
  const { problem, onTextCache, historyPage } = useDeepLink(answer, modelFor(answer), target, documentId, checks.onTextCache);
  // Which pages of the shown document the answer cites, with their markers: the viewer badges them on its thumbnails
  // and makes them ready to draw. A quote's page found by the background checks (a source that names none, or another)
  // is made ready too: read from the checks as a string, so only a new page found renders the viewer again.
  const cited = useMemo(() => (documentId ? pageCitations(modelFor(answer), documentId) : []), [answer, documentId]);
  const found = useReviewChecksStore((s) => JSON.stringify(foundPagesOf(cited, s.byAnswer[answer.id]?.sources ?? {})));
  const citations = useMemo(() => withFoundPages(cited, JSON.parse(found) as (number[] | null)[]), [cited, found]);
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
  // The open citation's verdict, said over its page in the words of its marker and its claim card.
  const verdicts = useCitationVerdicts(answer, modelFor(answer));
  const checksByCitation = useMemo(() => viewerChecks(verdicts, t), [verdicts, t]);
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
    <DeepLinkFrame problem={problem}>
      <CitationChecksContext value={checksByCitation}>
        <DocumentViewer
          documents={answer.documents}
          sources={answer.sources}
          documentId={documentId}
          onDocumentChange={showDocument}
          target={target}
          initialPage={target ? undefined : view.page}
          historyPage={historyPage}
          onPageChange={setPage}
          onRegionChange={(r) => {
            setRegion(r + 1);
            announcer.onRegion(r);
          }}
          regionStep={regionStep}
          onTextCache={onTextCache}
          onAnchored={onAnchored}
          onLoadFailed={onLoadFailed}
          citations={citations}
          onStepRegion={stepRegion}
          pageTheme={nightPages ? 'night' : 'paper'}
          documentLink={documentLink}
          onStepCitation={(delta) => {
            const key = neighbourCitation(modelFor(answer).citations.map((c) => c.key), view.cite, delta);
            if (key) useViewStore.getState().cite(key);
          }}
        />
      </CitationChecksContext>
    </DeepLinkFrame>
  );
}

import { useCallback, useMemo, useState } from 'react';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import type { HighlightTarget } from '../../core/model/highlight-target.ts';
import type { Answer } from '../../core/model/types.ts';
import { foundPagesOf, pageCitations, sameFoundPages, withFoundPages, type PageCitation } from '../../core/pages/cited-pages.ts';
import type { ViewerCitationCheck } from '../../features/viewer/citation-checks.ts';
import type { ViewerEvent } from '../../features/viewer/viewer-host.tsx';
import { useTranslate } from '../../i18n/use-translate.ts';
import { useCitationVerdicts } from '../review-pane/review-result.ts';
import { useReviewChecksStore } from '../source-checks/review-checks-store.ts';
import { useSourceChecks } from '../source-checks/use-source-checks.ts';
import { viewerChecks } from './viewer-checks.ts';

// The viewer and the review's checks feed each other, and this is the one place they do (docs/architecture.md,
// "The data path of a review check"). From the viewer: its events (viewer-host.tsx) that concern the review: the open
// document's text cache (the background checks run over it), a citation anchored (the checks hold back until the
// reader's citation is on screen) and a document that would not open (its citations settle with the viewer's
// reason). To the viewer: the review's verdict of each citation (said over its page) and the pages the checks found
// a quote on (made ready to draw).

/** The viewer's events the review takes. */
export type ReviewBoundEvent = Extract<ViewerEvent, { kind: 'anchored' | 'text-cache' | 'load-failed' }>;

export interface ReviewExchange {
  /** The review's verdicts by source id, for the viewer (stable while they say the same). */
  checks: ReadonlyMap<string, ViewerCitationCheck>;
  /** The shown document's cited pages, with the pages the checks found quotes on (stable while those stay). */
  citations: readonly PageCitation[];
  /** Hands the review what the viewer reported. */
  fromViewer(event: ReviewBoundEvent): void;
}

export function useReviewExchange(answer: Answer, model: AnswerModel, documentId: string | undefined, target: HighlightTarget | null): ReviewExchange {
  // The nonce of the last citation the viewer finished (highlighted, or said it is not there): until the current
  // one is, the background checks hold back (use-source-checks.ts).
  const [anchoredNonce, setAnchoredNonce] = useState<number | null>(null);
  const targetNonce = target?.nonce ?? null;
  const { onTextCache, onDocumentFailed } = useSourceChecks(answer, model, documentId, targetNonce !== null && anchoredNonce !== targetNonce);

  const fromViewer = useCallback(
    (event: ReviewBoundEvent) => {
      switch (event.kind) {
        case 'anchored':
          setAnchoredNonce(targetNonce);
          return;
        case 'text-cache':
          onTextCache(event.documentId, event.cache);
          return;
        case 'load-failed':
          // The checks stop waiting for the viewer to finish a citation it never will.
          setAnchoredNonce(targetNonce);
          onDocumentFailed(event.documentId, event.failure);
          return;
        default: {
          const never: never = event;
          return never;
        }
      }
    },
    [targetNonce, onTextCache, onDocumentFailed],
  );

  // Which pages of the shown document the answer cites, with their markers: the viewer badges them on its thumbnails
  // and makes them ready to draw. A quote's page found by the background checks (a source that names none, or another)
  // is made ready too; the array stays the same until a new page is found, so a check that finds nothing new does not
  // make the viewer prepare its pages again.
  const cited = useMemo(() => (documentId ? pageCitations(model, documentId) : []), [model, documentId]);
  const statuses = useReviewChecksStore((s) => s.byAnswer[answer.id]?.sources);
  const found = useStableFoundPages(useMemo(() => foundPagesOf(cited, statuses ?? {}), [cited, statuses]));
  const citations = useMemo(() => withFoundPages(cited, found), [cited, found]);

  // The open citation's verdict, said over its page in the words of its marker and its claim card.
  const t = useTranslate();
  const verdicts = useCitationVerdicts(answer, model);
  const checks = useMemo(() => viewerChecks(verdicts, t), [verdicts, t]);

  return useMemo(() => ({ checks, citations, fromViewer }), [checks, citations, fromViewer]);
}

/** The same array for as long as it lists the same pages (state adjusted during render: no ref read while rendering). */
function useStableFoundPages(found: readonly (number[] | null)[]): readonly (number[] | null)[] {
  const [stable, setStable] = useState(found);
  const same = sameFoundPages(stable, found);
  if (!same) setStable(found);
  return same ? stable : found;
}

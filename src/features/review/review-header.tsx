import { useId } from 'react';
import type { LiveStatus } from '../../api/review-events.ts';
import type { ReviewDecision } from '../../api/review-schema.ts';
import { flagCodes, type FlagCode } from '../../core/review/types.ts';
import type { MessageKey } from '../../core/i18n/messages-en.ts';
import { filterValue, parseFilterValue, type ReviewProgress } from './decision-state.ts';
import { useReviewUiStore } from './review-ui-store.ts';
import { ExportMenu } from './export-menu.tsx';
import { DECISION_LABEL_KEY } from './review-bits.tsx';
import { ReviewerField } from './reviewer-field.tsx';
import type { ReviewExport } from '../../core/review/export.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

/** A colleague's decision that just arrived over the live stream, said in the header. */
export interface LiveNotice {
  reviewer: string;
  decision: ReviewDecision | null;
  /** The claim's number in its answer (1-based). */
  claim: number;
  at: string;
}

interface ReviewHeaderProps {
  progress: ReviewProgress;
  /** Where the selected claim is among those shown (1-based); null with none selected. */
  position: { at: number; of: number } | null;
  /** The API token's subject: the name saves are recorded under, fixed by the server. */
  subject: string | null;
  saveBlocked: 'needs-token' | null;
  live: LiveStatus;
  notice: LiveNotice | null;
  /** Claims "verify passed" would decide now. */
  passedCount: number;
  onVerifyPassed(): void;
  /** Flag codes present in this answer's claims, for the filter. */
  presentFlags: ReadonlySet<FlagCode>;
  /** Unsent decisions on other answers (they are retried too). */
  otherPending: number;
  storageNote: string | null;
  localOnly: boolean;
  /** The review as it stands, for the Export menu (absent: no Export button). */
  exportReview?: () => ReviewExport;
}

export function ReviewHeader(props: ReviewHeaderProps) {
  const {
    progress,
    position,
    presentFlags,
    otherPending,
    storageNote,
    localOnly,
    exportReview,
    subject,
    saveBlocked,
    live,
    notice,
    passedCount,
    onVerifyPassed,
  } = props;
  const t = useTranslate();
  const autoAdvance = useReviewUiStore((s) => s.autoAdvance);
  const setAutoAdvance = useReviewUiStore((s) => s.setAutoAdvance);
  const advanceId = useId();
  const filter = useReviewUiStore((s) => s.filter);
  const setFilter = useReviewUiStore((s) => s.setFilter);
  const openDialog = useReviewUiStore((s) => s.openDialog);
  const filterId = useId();
  const pct = progress.total > 0 ? Math.round((progress.reviewed / progress.total) * 100) : 0;

  // Two parts: the title and progress stay in view (sticky) while the rest scrolls away with the claims, so on a
  // short pane (stacked layout) the claims get the room.
  return (
    <>
      <header className="sticky top-0 z-10 space-y-2 border-b border-slate-200 bg-white px-3 pb-2 pt-2.5">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-900">{t('review.title')}</h2>
          <LiveBadge live={live} />
          <span className="flex-1" />
          {exportReview ? <ExportMenu getExport={exportReview} /> : null}
          <button
            type="button"
            onClick={() => openDialog({ kind: 'shortcuts' })}
            aria-label={t('review.shortcuts')}
            aria-keyshortcuts="?"
            className="grid size-6 place-items-center rounded-md text-xs font-semibold text-slate-500 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            ?
          </button>
        </div>
        <div>
          <p role="status" data-review-progress="" className="text-xs text-slate-700">
            {[
              t('review.progress', { reviewed: progress.reviewed, count: progress.total }),
              progress.rejected > 0 ? t('review.progressRejected', { count: progress.rejected }) : '',
              progress.followUp > 0 ? t('review.progressFollowUp', { count: progress.followUp }) : '',
            ]
              .filter(Boolean)
              .join(t('review.listSeparator'))}
          </p>
          <div className="mt-1 flex h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
            <div className="bg-emerald-500" style={{ width: `${share(progress.verified, progress.total)}%` }} />
            <div className="bg-amber-400" style={{ width: `${share(progress.followUp, progress.total)}%` }} />
            <div className="bg-rose-500" style={{ width: `${share(progress.rejected, progress.total)}%` }} />
          </div>
          <span className="sr-only">{t('review.percentReviewed', { value: pct })}</span>
          {/* Where the reviewer is: which claim, and how many are left to decide. */}
          <p data-review-position="" className="mt-1 text-[11px] text-slate-600">
            {[
              position ? t('review.positionOf', { at: position.at, count: position.of }) : '',
              progress.total > progress.reviewed ? t('review.leftToDecide', { count: progress.total - progress.reviewed }) : t('review.allDecided'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {notice ? (
            <p role="status" data-live-notice="" className="mt-1 text-[11px] font-medium text-indigo-800">
              {notice.decision
                ? t('review.remoteDecided', {
                    reviewer: notice.reviewer || t('review.someoneElse'),
                    decision: t(DECISION_LABEL_KEY[notice.decision]),
                    n: notice.claim,
                  })
                : t('review.remoteCleared', { reviewer: notice.reviewer || t('review.someoneElse'), n: notice.claim })}
            </p>
          ) : null}
        </div>
      </header>
      {saveBlocked ? (
        <p role="alert" data-save-blocked={saveBlocked} className="border-b border-amber-200 bg-amber-50 px-3 py-2 text-xs font-medium text-amber-900">
          {t('review.cannotSaveNeedsToken')}
        </p>
      ) : null}
      <div className="space-y-2 border-b border-slate-200 bg-white px-3 py-2">
        {saveBlocked ? null : <ReviewerField subject={subject} />}
        {saveBlocked ? null : (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <label htmlFor={advanceId} className="flex items-center gap-1.5 text-xs text-slate-700">
              <input
                id={advanceId}
                type="checkbox"
                checked={autoAdvance}
                onChange={(e) => setAutoAdvance(e.target.checked)}
                className="size-3.5 accent-indigo-600"
              />
              {t('review.autoAdvance')}
            </label>
            <button
              type="button"
              data-verify-passed=""
              onClick={onVerifyPassed}
              aria-keyshortcuts="Shift+A"
              disabled={passedCount === 0}
              className="ms-auto rounded-md px-2 py-1 text-xs font-medium text-emerald-800 ring-1 ring-emerald-300 hover:bg-emerald-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:text-slate-500 disabled:ring-slate-200 disabled:hover:bg-transparent"
            >
              {t('review.verifyPassedButton', { count: passedCount })}
            </button>
          </div>
        )}
        <div className="flex items-center gap-2">
          <label htmlFor={filterId} className="text-xs text-slate-500">
            {t('review.show')}
          </label>
          <select
            id={filterId}
            value={filterValue(filter)}
            onChange={(e) => setFilter(parseFilterValue(e.target.value))}
            className="min-w-0 flex-1 rounded-md border border-slate-200 bg-white px-1.5 py-1 text-xs text-slate-800 focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-100"
          >
            <option value="all">{t('review.filterAll')}</option>
            <option value="undecided">{t('review.filterUndecided')}</option>
            <optgroup label={t('review.byDecision')}>
              <option value="decision:verified">{t('review.verified')}</option>
              <option value="decision:rejected">{t('review.rejected')}</option>
              <option value="decision:follow-up">{t('review.followUp')}</option>
            </optgroup>
            <optgroup label={t('review.byFlag')}>
              <option value="flagged">{t('review.anyFlag')}</option>
              <option value="severity:error">{t('review.errors')}</option>
              <option value="severity:warning">{t('review.warnings')}</option>
              {flagCodes
                .filter((c) => presentFlags.has(c))
                .map((c) => (
                  <option key={c} value={`flag:${c}`}>
                    {t(FLAG_NAMES[c])}
                  </option>
                ))}
            </optgroup>
          </select>
        </div>
        {progress.unsynced > 0 || otherPending > 0 ? (
          <p data-outbox-summary="" className="text-[11px] text-amber-800">
            {progress.unsynced > 0 ? `${t('review.unsynced', { count: progress.unsynced })} ` : ''}
            {otherPending > 0 ? t('review.otherPending', { count: otherPending }) : ''}
          </p>
        ) : null}
        {localOnly ? (
          <p data-local-only="" className="text-[11px] text-slate-500">
            {t('review.localOnly')}
          </p>
        ) : null}
        {storageNote ? (
          <p role="alert" data-storage-note="" className="text-[11px] text-rose-700">
            {storageNote}
          </p>
        ) : null}
      </div>
    </>
  );
}

function share(n: number, total: number): number {
  return total > 0 ? (n / total) * 100 : 0;
}

/** Each flag's name in the catalogs (shown translated in the filter). */
export const FLAG_NAMES: Record<FlagCode, Extract<MessageKey, `flag.${string}`>> = {
  uncited: 'flag.uncited',
  'invalid-marker': 'flag.invalidMarker',
  'weak-relevance': 'flag.weakRelevance',
  'low-confidence': 'flag.lowConfidence',
  'quote-not-found': 'flag.quoteNotFound',
  'quote-altered': 'flag.quoteAltered',
  'wrong-page': 'flag.wrongPage',
  'highlight-misses-evidence': 'flag.highlightMisses',
  unsupported: 'flag.unsupported',
  contradicted: 'flag.contradicted',
  'needs-look': 'flag.needsLook',
  'document-level-only': 'flag.documentLevelOnly',
  'version-mismatch': 'flag.versionMismatch',
  'evidence-unavailable': 'flag.evidenceUnavailable',
};

/** Whether colleagues' decisions arrive as they are saved (the live stream), in a word. */
function LiveBadge({ live }: { live: LiveStatus }) {
  const t = useTranslate();
  if (live === 'off') return null;
  const on = live === 'live';
  return (
    <span
      data-live={live}
      title={t(on ? 'review.liveTitle' : 'review.reconnectingTitle')}
      className={`inline-flex items-center gap-1 text-[11px] ${on ? 'text-emerald-800' : 'text-slate-600'}`}
    >
      <span aria-hidden className={`size-1.5 rounded-full ${on ? 'bg-emerald-600' : 'bg-slate-400'}`} />
      {t(on ? 'review.live' : 'review.reconnecting')}
    </span>
  );
}

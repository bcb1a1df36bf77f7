import { useEffect, useId, useRef, useState } from 'react';
import { flagCodes, type FlagCode } from '../../core/review/types.ts';
import type { MessageKey } from '../../core/i18n/messages-en.ts';
import { filterValue, parseFilterValue, type ReviewProgress } from './decision-state.ts';
import { useReviewUiStore } from './review-ui-store.ts';
import { ExportMenu } from './export-menu.tsx';
import type { ReviewExport } from '../../core/review/export.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

interface ReviewHeaderProps {
  progress: ReviewProgress;
  /** Flag codes present in this answer's claims, for the filter. */
  presentFlags: ReadonlySet<FlagCode>;
  /** Unsent decisions on other answers (they are retried too). */
  otherPending: number;
  storageNote: string | null;
  localOnly: boolean;
  /** The review as it stands, for the Export menu (absent: no Export button). */
  exportReview?: () => ReviewExport;
}

export function ReviewHeader({ progress, presentFlags, otherPending, storageNote, localOnly, exportReview }: ReviewHeaderProps) {
  const t = useTranslate();
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
        </div>
      </header>
      <div className="space-y-2 border-b border-slate-200 bg-white px-3 py-2">
        <ReviewerField />
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

/** The reviewer's name: asked for once, kept in localStorage (it is not a secret), sent with every save. */
function ReviewerField() {
  const reviewer = useReviewUiStore((s) => s.reviewer);
  const t = useTranslate();
  const persistent = useReviewUiStore((s) => s.reviewerPersistent);
  const wanted = useReviewUiStore((s) => s.reviewerWanted);
  const setReviewer = useReviewUiStore((s) => s.setReviewer);
  const [editing, setEditing] = useState(!reviewer);
  const [draft, setDraft] = useState(reviewer);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const firstWanted = useRef(wanted);
  useEffect(() => {
    if (wanted !== firstWanted.current) {
      setEditing(true);
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  }, [wanted]);

  if (!editing && reviewer) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-slate-600">
        {t('review.reviewingAs')} <span data-reviewer="" className="font-medium text-slate-900">{reviewer}</span>
        <button
          type="button"
          onClick={() => {
            setDraft(reviewer);
            setEditing(true);
          }}
          className="rounded px-1 text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {t('review.change')}
        </button>
        {!persistent ? <span className="text-slate-500">{t('review.notRemembered')}</span> : null}
      </p>
    );
  }
  const save = () => {
    if (!draft.trim()) return;
    setReviewer(draft);
    setEditing(false);
  };
  // Enter and the button save by themselves instead of submitting the form: a frame sandboxed without allow-forms
  // (an embedding portal's usual sandbox) blocks a form submission before its submit event, so onSubmit never runs.
  return (
    <form
      className="flex items-center gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label htmlFor={id} className={`shrink-0 text-xs ${wanted > 0 && !reviewer ? 'font-medium text-rose-700' : 'text-slate-500'}`}>
        {t('review.yourName')}
      </label>
      <input
        ref={inputRef}
        id={id}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          e.preventDefault();
          save();
        }}
        placeholder={t('review.namePlaceholder')}
        autoComplete="name"
        maxLength={100}
        className="min-w-0 flex-1 rounded-md border border-slate-200 px-1.5 py-1 text-xs focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-100"
      />
      <button
        type="submit"
        onClick={(e) => {
          e.preventDefault();
          save();
        }}
        className="rounded-md bg-slate-800 px-2 py-1 text-xs font-medium text-white hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
        {t('review.save')}
      </button>
    </form>
  );
}

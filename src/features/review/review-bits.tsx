import type { ReviewDecision } from '../../api/review-schema.ts';
import type { Severity } from '../../core/review/types.ts';
import type { MessageKey } from '../../core/i18n/messages-en.ts';
import type { SyncStatus } from './decision-state.ts';
import type { BadgeTone, CitationBadge } from './review-types.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// Small presentational pieces shared by the panel's parts: one look for severities, decisions and sync states.

export const SEVERITY_STYLE: Record<Severity, { icon: string; label: string; className: string }> = {
  error: { icon: '✕', label: 'Error', className: 'bg-rose-100 text-rose-700' },
  warning: { icon: '!', label: 'Warning', className: 'bg-amber-100 text-amber-800' },
  info: { icon: 'i', label: 'Note', className: 'bg-sky-100 text-sky-700' },
};

export function SeverityIcon({ severity }: { severity: Severity }) {
  const t = useTranslate();
  const s = SEVERITY_STYLE[severity];
  return (
    <span
      role="img"
      aria-label={t(SEVERITY_LABEL_KEY[severity])}
      data-severity={severity}
      className={`inline-grid size-4 shrink-0 place-items-center rounded-full text-[10px] font-bold leading-none ${s.className}`}
    >
      {s.icon}
    </span>
  );
}

/** Each decision's name in the catalogs (src/core/i18n): the label DECISION_STYLE gives is the English one. */
export const DECISION_LABEL_KEY = { verified: 'review.verified', rejected: 'review.rejected', 'follow-up': 'review.followUp' } as const satisfies Record<
  ReviewDecision,
  MessageKey
>;
const SEVERITY_LABEL_KEY = { error: 'review.severityError', warning: 'review.severityWarning', info: 'review.severityNote' } as const satisfies Record<
  Severity,
  MessageKey
>;

// A chosen decision is white on a 700 shade (4.5:1 or more; the 600/500 shades were 3.6:1 and 2.1:1, issue #38); in
// dark mode the swapped palette makes those shades light, and theme.css turns their text dark.
export const DECISION_STYLE: Record<ReviewDecision, { label: string; icon: string; key: string; on: string; chip: string }> = {
  verified: {
    label: 'Verified',
    icon: '✓',
    key: 'v',
    on: 'bg-emerald-700 text-white ring-emerald-700',
    chip: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  },
  rejected: { label: 'Rejected', icon: '✕', key: 'x', on: 'bg-rose-700 text-white ring-rose-700', chip: 'bg-rose-50 text-rose-800 ring-rose-200' },
  'follow-up': { label: 'Follow-up', icon: '⚑', key: 'f', on: 'bg-amber-700 text-white ring-amber-700', chip: 'bg-amber-50 text-amber-900 ring-amber-200' },
};

export function DecisionChip({ decision }: { decision: ReviewDecision | null }) {
  const t = useTranslate();
  if (!decision) return <span className="text-[11px] text-slate-600">{t('review.notReviewed')}</span>;
  const s = DECISION_STYLE[decision];
  return (
    <span data-decision-chip={decision} className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ${s.chip}`}>
      <span aria-hidden>{s.icon}</span>
      {t(DECISION_LABEL_KEY[decision])}
    </span>
  );
}

const TONE: Record<BadgeTone, { dot: string; chip: string }> = {
  ok: { dot: 'bg-emerald-500', chip: 'border-emerald-200 bg-emerald-50 text-emerald-800' },
  approx: { dot: 'bg-amber-400', chip: 'border-amber-200 bg-amber-50 text-amber-900' },
  warn: { dot: 'bg-orange-500', chip: 'border-orange-200 bg-orange-50 text-orange-900' },
  bad: { dot: 'bg-rose-500', chip: 'border-rose-200 bg-rose-50 text-rose-800' },
  muted: { dot: 'bg-slate-400', chip: 'border-slate-200 bg-slate-50 text-slate-600' },
  pending: { dot: 'bg-slate-300 animate-pulse motion-reduce:animate-none', chip: 'border-slate-200 bg-white text-slate-500' },
};

export function toneClasses(tone: BadgeTone) {
  return TONE[tone];
}

export function BadgeDot({ badge }: { badge: CitationBadge }) {
  return <span aria-hidden className={`inline-block size-1.5 shrink-0 rounded-full ${TONE[badge.tone].dot}`} />;
}

/** What happened to the reviewer's last decision on this claim, in words. Nothing when it is simply stored. */
export function SyncNote({ sync, onRetry, onResolve }: { sync: SyncStatus; onRetry(): void; onResolve(): void }) {
  const t = useTranslate();
  switch (sync.kind) {
    case 'none':
    case 'saved':
      return null;
    case 'saving':
      return (
        <span data-sync="saving" className="text-[11px] text-slate-600">
          {t('review.saving')}
        </span>
      );
    case 'queued':
      return (
        <span data-sync="queued" className="inline-flex items-center gap-1.5 text-[11px] text-amber-800" title={sync.lastError}>
          <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-amber-500 motion-reduce:animate-none" />
          {sync.problem === 'storage' ? t('review.serverStorageDown') : t('review.savedLocally')}
          <button type="button" onClick={onRetry} className="rounded px-1 font-medium text-amber-900 underline-offset-2 hover:underline">
            {t('review.retryNow')}
          </button>
        </span>
      );
    case 'conflict':
      return (
        <button type="button" data-sync="conflict" onClick={onResolve} className="text-start text-[11px] font-medium text-rose-700 hover:underline">
          {t('review.conflict', { reviewer: sync.theirs.reviewer || t('review.someoneElse') })}
        </button>
      );
    case 'failed':
      return (
        <span data-sync="failed" className="text-[11px] text-rose-700">
          {t('review.notSaved', { message: sync.message })}
        </span>
      );
    case 'local':
      return (
        <span data-sync="local" className="text-[11px] text-slate-600">
          {t('review.browserOnly')}
        </span>
      );
    default: {
      const never: never = sync;
      return never;
    }
  }
}

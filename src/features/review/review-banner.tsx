import type { ReviewFlag, ReviewReportSummary } from '../../core/review/types.ts';
import type { MessageKey } from '../../core/i18n/messages-en.ts';
import { flagReason } from '../../core/review/review-text.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { SeverityIcon } from './review-bits.tsx';

// What is wrong with the answer as a whole (low confidence, markers outside any claim) and what the backend's own
// verifier said about it, above the claims: the first thing a reviewer should know.

const STATUS_WORDS: Record<string, { text: Extract<MessageKey, `review.status${string}`>; good: boolean }> = {
  grounded: { text: 'review.statusGrounded', good: true },
  partially_grounded: { text: 'review.statusPartiallyGrounded', good: false },
  ungrounded: { text: 'review.statusUngrounded', good: false },
  consistent: { text: 'review.statusConsistent', good: true },
  conflict_detected: { text: 'review.statusConflict', good: false },
  complete: { text: 'review.statusComplete', good: true },
  partial: { text: 'review.statusPartial', good: false },
  insufficient_evidence: { text: 'review.statusInsufficient', good: false },
};

interface ReviewBannerProps {
  flags: readonly ReviewFlag[];
  report: ReviewReportSummary | null;
  onOpenFlag(flag: ReviewFlag): void;
}

export function ReviewBanner({ flags, report, onOpenFlag }: ReviewBannerProps) {
  const t = useTranslate();
  const statuses = report ? [report.groundingStatus, report.consistencyStatus, report.completenessStatus].filter((s): s is NonNullable<typeof s> => !!s) : [];
  if (flags.length === 0 && !report) return null;
  return (
    <section aria-label={t('review.aboutAnswer')} className="space-y-1.5 border-b border-slate-200 bg-slate-50/80 px-3 py-2">
      {flags.map((flag, i) => (
        <button
          key={`${flag.code}-${i}`}
          type="button"
          data-answer-flag={flag.code}
          onClick={() => onOpenFlag(flag)}
          className="flex w-full items-start gap-1.5 rounded text-start text-xs leading-snug text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <SeverityIcon severity={flag.severity} />
          <span>{flagReason(flag, t)}</span>
        </button>
      ))}
      {report ? (
        <div data-review-report="" className="text-xs">
          <div className="flex flex-wrap items-center gap-1">
            <span className="me-0.5 font-medium text-slate-500">{t('review.backendCheck')}</span>
            {statuses.map((s) => {
              const known = STATUS_WORDS[s];
              const w = known ? { text: t(known.text), good: known.good } : { text: s, good: false };
              return (
                <span
                  key={s}
                  data-report-status={s}
                  className={`rounded-full px-1.5 py-0.5 font-medium ring-1 ${w.good ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-200'}`}
                >
                  {w.text}
                </span>
              );
            })}
            {report.retryCount !== undefined ? (
              <span
                className={`rounded-full px-1.5 py-0.5 ring-1 ${report.retryCount > 0 ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-white text-slate-600 ring-slate-200'}`}
              >
                {t('review.retries', { count: report.retryCount })}
              </span>
            ) : null}
          </div>
          {report.notes
            .filter((n) => n.severity !== 'info')
            .map((n) => (
              <p key={n.text} className="mt-1 flex items-start gap-1.5 text-slate-700">
                <SeverityIcon severity={n.severity} />
                {n.text}
              </p>
            ))}
          {report.unreadable.length > 0 ? <p className="mt-1 text-slate-500">{t('review.unreadable', { list: report.unreadable.join(', ') })}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

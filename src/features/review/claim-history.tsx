import { useState } from 'react';
import { useReviewHistory } from '../../api/review-queries.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { DecisionChip } from './review-bits.tsx';

// A claim's saved decisions, newest first. Fetched only when the reviewer opens it (the answer's whole history is
// one request; the claim's events are picked out here).

export function ClaimHistory({ answerId, claimId, enabled }: { answerId: string; claimId: string; enabled: boolean }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const query = useReviewHistory(answerId, open && enabled);
  return (
    <details className="group text-xs" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer select-none rounded text-slate-600 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
        {t('review.history')}
      </summary>
      {open ? (
        <div className="mt-1.5 border-s-2 border-slate-200 ps-2">
          {!enabled ? (
            <p className="text-slate-500">{t('review.historyLocalOnly')}</p>
          ) : (
            (() => {
              switch (query.status) {
                case 'pending':
                  return (
                    <p role="status" className="text-slate-500">
                      {t('review.loadingHistory')}
                    </p>
                  );
                case 'error':
                  return (
                    <p role="alert" className="text-rose-700">
                      {query.error.message}
                    </p>
                  );
                case 'success': {
                  const events = query.data.events.filter((e) => e.claimId === claimId).sort((a, b) => b.version - a.version);
                  if (events.length === 0) return <p className="text-slate-500">{t('review.noHistory')}</p>;
                  return (
                    <ol aria-label={t('review.decisionHistory')} className="space-y-1.5">
                      {events.map((e) => (
                        <li key={e.version} data-history-version={e.version}>
                          <div className="flex flex-wrap items-center gap-1.5">
                            <DecisionChip decision={e.decision} />
                            <span className="font-medium text-slate-700">{e.reviewer || t('review.unknownReviewer')}</span>
                            <time dateTime={e.at} className="text-slate-600">
                              {formatTime(e.at)}
                            </time>
                          </div>
                          {e.note ? <p className="mt-0.5 whitespace-pre-wrap break-words text-slate-600">{e.note}</p> : null}
                        </li>
                      ))}
                    </ol>
                  );
                }
                default: {
                  const never: never = query;
                  return never;
                }
              }
            })()
          )}
        </div>
      ) : null}
    </details>
  );
}

export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

import { isApiError } from '../../api/client.ts';
import type { Translate } from '../../core/i18n/translate.ts';
import { isTransientError } from '../../api/queries.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// A failure shown where it happened, in words: never a blank pane. A Retry button when trying again can help, and
// a way back to the answer list where that is another page (never on the list itself).

interface ErrorPanelProps {
  title: string;
  error: unknown;
  /** Fetch again. */
  onRetry?(): void;
  /** A retry is running. */
  retrying?: boolean;
  /** Offer "Back to all answers" (not on the home page, where it would be the same page). */
  back?: boolean;
}

export function ErrorPanel({ title, error, onRetry, retrying = false, back = true }: ErrorPanelProps) {
  const transient = isTransientError(error);
  const t = useTranslate();
  const message = errorText(error, t);
  return (
    <div
      role="alert"
      data-error-kind={isApiError(error) ? error.kind : 'other'}
      className="m-6 rounded-lg border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900"
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 whitespace-pre-line break-words">{message}</p>
      {transient && <p className="mt-1 text-xs text-rose-800">{t('error.temporary')}</p>}
      <p className="mt-3 flex flex-wrap items-center gap-3">
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            disabled={retrying}
            className="rounded border border-rose-300 bg-white px-3 py-1 font-medium text-rose-900 hover:bg-rose-100 focus-visible:outline-2 focus-visible:outline-rose-600 disabled:opacity-60"
          >
            {retrying ? t('error.retrying') : t('common.retry')}
          </button>
        )}
        {back && (
          <a href="./" className="font-medium text-rose-800 underline">
            {t('error.backToAll')}
          </a>
        )}
      </p>
    </div>
  );
}

/**
 * A failure to reach the server is ours to word, in the reader's language (the line under it says it is retried);
 * what the server or a parser said is shown as it came (docs/i18n.md).
 */
function errorText(error: unknown, t: Translate): string {
  if (isApiError(error) && error.kind === 'network') {
    return error.timeoutSeconds !== undefined ? t('error.timeout', { seconds: error.timeoutSeconds }) : t('error.network');
  }
  return error instanceof Error ? error.message : String(error);
}

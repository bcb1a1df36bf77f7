import { useTranslate } from '../../i18n/use-translate.ts';
import { useLocalFilesStore } from './local-files-store.ts';

// The last problem or note about local files, under the header until dismissed: a bad answer file is named with
// what is wrong in it (JSON paths), never a blank page.

export function LocalNotice() {
  const notice = useLocalFilesStore((s) => s.notice);
  const notify = useLocalFilesStore((s) => s.notify);
  const t = useTranslate();
  if (!notice) return null;
  const error = notice.kind === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      data-local-notice={notice.kind}
      className={`flex items-start gap-3 border-b px-4 py-2 text-sm ${error ? 'border-rose-200 bg-rose-50 text-rose-900' : 'border-amber-200 bg-amber-50 text-amber-950'}`}
    >
      <div className="min-w-0 flex-1">
        {error ? <p className="font-semibold">{notice.title}</p> : null}
        <p className="whitespace-pre-line break-words">{notice.message}</p>
      </div>
      <button type="button" onClick={() => notify(null)} className="shrink-0 text-xs font-medium underline">
        {t('local.dismiss')}
      </button>
    </div>
  );
}

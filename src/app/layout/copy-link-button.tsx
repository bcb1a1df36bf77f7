import { useCopyText } from '../../features/answer/use-copy-text.ts';
import { useViewStore } from '../navigation/view-store.ts';
import { viewLink } from '../navigation/view-link.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// "Copy link": the link of what is on screen (view-link.ts says which form). The clipboard may be refused (a
// cross-origin frame without `allow="clipboard-write"`, an old browser): then the link is shown, selected, to copy
// by hand, never lost.

export function CopyLinkButton() {
  const t = useTranslate();
  const view = useViewStore((s) => s.view);
  const display = useViewStore((s) => s.display);
  const embedded = useViewStore((s) => s.embedded);
  const link = viewLink(window.location.href, view, display, embedded ? 'embed' : 'full');
  // The link on show is the view's: a new view closes it (the hook starts idle on a new text).
  const { state, copy, close, fieldRef } = useCopyText<HTMLInputElement>(link);

  return (
    <span className="relative ms-auto inline-flex items-center">
      <button
        type="button"
        onClick={() => void copy()}
        disabled={!link}
        title={link ? t('link.copyTitle') : t('link.noLink')}
        className="rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent"
      >
        {state === 'copied' ? t('link.copied') : t('link.copy')}
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? t('link.copiedStatus') : ''}
      </span>
      {state === 'manual' && link ? (
        <span className="absolute end-0 top-full z-40 mt-1 flex w-96 max-w-[90vw] flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 text-xs text-slate-600 shadow-lg">
          <label htmlFor="citelens-view-link">{t('link.manual')}</label>
          <span className="flex gap-1">
            <input
              id="citelens-view-link"
              ref={fieldRef}
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              onKeyDown={(e) => e.key === 'Escape' && close()}
              className="min-w-0 flex-1 rounded border border-slate-300 bg-slate-50 px-1.5 py-1 font-mono text-[11px] text-slate-800"
            />
            <button type="button" onClick={() => close()} className="rounded px-2 hover:bg-slate-100" aria-label={t('common.close')}>
              ×
            </button>
          </span>
        </span>
      ) : null}
    </span>
  );
}

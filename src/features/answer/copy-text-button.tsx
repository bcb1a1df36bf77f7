import { useId } from 'react';
import { useCopyText } from './use-copy-text.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// A small "Copy …" button with clear feedback ("Copied" for two seconds). The clipboard may be refused (a
// cross-origin frame without `allow="clipboard-write"`, an insecure origin): then the text is shown, selected, to
// copy by hand, never lost (use-copy-text.ts, shared with the app's Copy link).

export function CopyTextButton({ label, text }: { label: string; text: string }) {
  const t = useTranslate();
  const { state, copy, close, fieldRef } = useCopyText<HTMLTextAreaElement>(text);
  const id = useId();

  return (
    <span className="relative inline-flex items-center">
      <button
        type="button"
        onClick={() => void copy()}
        data-copied={state === 'copied' || undefined}
        className={`rounded px-1.5 py-0.5 text-[11px] font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
          state === 'copied' ? 'bg-emerald-50 text-emerald-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
        }`}
      >
        {state === 'copied' ? t('copy.copied') : label}
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? t('copy.copiedStatus', { label }) : ''}
      </span>
      {state === 'manual' ? (
        <span className="absolute start-0 top-full z-40 mt-1 flex w-80 max-w-[80vw] flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 text-xs text-slate-600 shadow-lg">
          <label htmlFor={id}>{t('copy.manual')}</label>
          <textarea
            id={id}
            ref={fieldRef}
            readOnly
            rows={3}
            value={text}
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={(e) => e.key === 'Escape' && close()}
            className="min-w-0 resize-none rounded border border-slate-300 bg-slate-50 px-1.5 py-1 text-[11px] text-slate-800"
          />
          <button type="button" onClick={() => close()} className="self-end rounded px-2 hover:bg-slate-100">
            {t('common.close')}
          </button>
        </span>
      ) : null}
    </span>
  );
}

import { memo, useEffect, useRef, type ReactNode } from 'react';
import type { Translate } from '../../../core/i18n/translate.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';
import { useFindStore, useFindStoreApi, type FindState } from './find-store.ts';

// The viewer's find bar (Ctrl/Cmd+F while the focus is in the viewer). Enter / Shift+Enter or the arrows step
// through the matches, Escape closes it and gives the focus back to the pages.

/** Memoised: it follows the find store, not the viewer's target or scroll. */
export const FindBar = memo(function FindBar({ onClose }: { onClose(): void }) {
  const store = useFindStoreApi();
  const t = useTranslate();
  const open = useFindStore((s) => s.open);
  const query = useFindStore((s) => s.query);
  const options = useFindStore((s) => s.options);
  const focusSeq = useFindStore((s) => s.focusSeq);
  const count = useFindStore((s) => s.matches.length);
  const current = useFindStore((s) => s.current);
  const status = useFindStore((s) => s.status);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [open, focusSeq]);

  if (!open) return null;
  const { setQuery, setOption, step } = store.getState();
  const close = () => {
    store.getState().close();
    onClose();
  };

  return (
    <div
      role="search"
      aria-label={t('find.label')}
      data-find-bar=""
      // Escape from any of the bar's controls, not only the field: closing hands the focus back to the pages (the
      // viewer's own Escape would close the bar and leave the focus on nothing).
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        close();
      }}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-700"
    >
      <input
        ref={inputRef}
        type="search"
        aria-label={t('find.label')}
        placeholder={t('find.label')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            step(e.shiftKey ? -1 : 1);
          }
        }}
        className="h-7 w-48 min-w-0 rounded border border-slate-300 bg-white px-1.5 text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
      />
      <output aria-live="polite" data-find-count="" className="min-w-20 whitespace-nowrap tabular-nums text-slate-600">
        {countText(count, current, status, t)}
      </output>
      <span className="flex items-center gap-1">
        <BarButton label={t('find.previous')} disabled={count === 0} onClick={() => step(-1)}>
          ↑
        </BarButton>
        <BarButton label={t('find.next')} disabled={count === 0} onClick={() => step(1)}>
          ↓
        </BarButton>
      </span>
      <label className="flex items-center gap-1 whitespace-nowrap text-xs">
        <input type="checkbox" checked={options.matchCase} onChange={(e) => setOption('matchCase', e.target.checked)} />
        {t('find.matchCase')}
      </label>
      <label className="flex items-center gap-1 whitespace-nowrap text-xs">
        <input type="checkbox" checked={options.wholeWords} onChange={(e) => setOption('wholeWords', e.target.checked)} />
        {t('find.wholeWords')}
      </label>
      {status.kind === 'searching' ? (
        <span data-find-progress="" className="whitespace-nowrap text-xs text-slate-500">
          {t('find.searching', { done: status.pagesDone, count: status.pageCount })}
        </span>
      ) : null}
      <BarButton label={t('find.close')} onClick={close}>
        ✕
      </BarButton>
    </div>
  );
});

function countText(count: number, current: number, status: FindState['status'], t: Translate): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'error':
      return t('find.failed', { message: status.message });
    case 'searching':
      return count === 0 ? '' : t('find.position', { current: current < 0 ? t('find.noCurrent') : current + 1, count });
    case 'done':
      return count === 0 ? t('find.noMatches') : t('find.position', { current: current + 1, count });
    default: {
      const never: never = status;
      return never;
    }
  }
}

function BarButton({ label, disabled, onClick, children }: { label: string; disabled?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      // aria-disabled, not disabled: a focused button that becomes disabled (Next page on reaching the last page)
      // would drop the keyboard focus to <body>; this one keeps it and ignores the press.
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className="grid size-7 place-items-center rounded text-base leading-none text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 aria-disabled:opacity-40"
    >
      <span aria-hidden>{children}</span>
    </button>
  );
}

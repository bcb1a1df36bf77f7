import { useState } from 'react';
import { distinctLabel, hasDistinctLabels, pageFromInput } from '../../../core/pages/page-labels.ts';
import { selectPageLabels, selectSidebarShown } from '../sidebar/sidebar-slice.ts';
import { useViewerStore, useViewerStoreApi } from '../viewer-store.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';

// Toolbar pieces of the sidebar feature: the sidebar's toggle, and the page field that shows printed page labels.
// A document whose labels differ from its page numbers shows "iv (4 of 120)", as printed first; the field then takes
// a printed label or a page number. Any other document shows "4 of 120" as before.

const control =
  'h-7 rounded border border-slate-300 bg-white px-1.5 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50';

export function SidebarToggle() {
  const t = useTranslate();
  const store = useViewerStoreApi();
  const shown = useViewerStore(selectSidebarShown);
  const id = useViewerStore((s) => s.sidebarId);
  const ready = useViewerStore((s) => s.pageCount > 0);
  return (
    <button
      type="button"
      aria-label={t('viewer.sidebar')}
      title={shown ? t('viewer.hideSidebar') : t('viewer.showSidebar')}
      aria-expanded={shown && ready}
      aria-controls={shown && ready ? id : undefined}
      onClick={() => store.getState().toggleSidebar()}
      className={`grid size-7 place-items-center rounded text-base leading-none hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 ${
        shown ? 'text-indigo-700' : 'text-slate-600'
      }`}
    >
      {/* A page with a panel on its left (its right in a right-to-left UI, mirrored): the sidebar beside the pages. */}
      <svg aria-hidden viewBox="0 0 16 16" className="size-4 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="1.4">
        <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" />
        <path d="M6 2.5v11" />
        {shown ? <path d="M2.8 5h1.8M2.8 7h1.8M2.8 9h1.8" /> : null}
      </svg>
    </button>
  );
}

export function PageField() {
  const t = useTranslate();
  const store = useViewerStoreApi();
  const page = useViewerStore((s) => s.currentPage);
  const pageCount = useViewerStore((s) => s.pageCount);
  const labels = useViewerStore(selectPageLabels) ?? null;
  const labelled = hasDistinctLabels(labels);
  // What the reader is typing, for the page it was typed on: moving to another page drops it.
  const [typed, setTyped] = useState<{ page: number; text: string } | null>(null);
  const draft = typed && typed.page === page ? typed.text : null;
  const setDraft = (text: string | null) => setTyped(text === null ? null : { page, text });
  const ready = pageCount > 0;
  const shown = !ready ? '' : labelled ? (distinctLabel(labels, page) ?? String(page)) : String(page);

  const commit = () => {
    if (draft === null) return;
    const target = pageFromInput(labelled ? labels : null, draft, pageCount);
    // A number beyond the document still goes to the nearest end, as it always did.
    if (target !== null) store.getState().goToPage(target);
    else if (/^\d+$/.test(draft.trim())) store.getState().goToPage(Number(draft.trim()));
    setDraft(null);
  };

  return (
    <>
      <input
        aria-label={t('viewer.pageNumber')}
        inputMode={labelled ? 'text' : 'numeric'}
        className={`${control} ${labelled ? 'w-14' : 'w-12'} text-center tabular-nums`}
        disabled={!ready}
        value={draft ?? shown}
        onChange={(e) => setDraft(labelled ? e.target.value : e.target.value.replace(/[^0-9]/g, ''))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      {labelled && ready ? (
        <span className="whitespace-nowrap text-slate-500" data-page-index="">
          {t('viewer.pageIndex', { page, count: pageCount })}
        </span>
      ) : (
        <span className="whitespace-nowrap text-slate-500">{t('viewer.ofPages', { count: ready ? pageCount : '–' })}</span>
      )}
    </>
  );
}

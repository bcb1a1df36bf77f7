import { useRef, type KeyboardEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { MessageKey } from '../../../core/i18n/messages-en.ts';
import { inlineArrow } from '../../../core/i18n/inline-arrow.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';
import { OutlineTree } from './outline-tree.tsx';
import type { RenderScheduler } from '../render/render-scheduler.ts';
import type { SidebarTab } from './sidebar-slice.ts';
import { ThumbnailList } from './thumbnail-list.tsx';
import { useAfterPagesPainted } from '../pages/use-after-pages-painted.ts';
import { useViewerStore, useViewerStoreApi } from '../viewer-store.ts';

// The sidebar beside the pages: two tabs (WAI-ARIA tabs: one tab stop, arrows switch, the panel follows).

const TABS: readonly { id: SidebarTab; label: Extract<MessageKey, `sidebar.${string}`> }[] = [
  { id: 'thumbnails', label: 'sidebar.thumbnails' },
  { id: 'outline', label: 'sidebar.outline' },
];

interface ViewerSidebarProps {
  pdf: PDFDocumentProxy;
  scheduler: RenderScheduler;
  markers: ReadonlyMap<number, readonly string[]>;
  labels: readonly string[] | null;
}

export function ViewerSidebar({ pdf, scheduler, markers, labels }: ViewerSidebarProps) {
  const store = useViewerStoreApi();
  const tr = useTranslate();
  const tab = useViewerStore((s) => s.sidebarTab);
  const id = useViewerStore((s) => s.sidebarId);
  const tabRefs = useRef(new Map<SidebarTab, HTMLButtonElement>());
  // The thumbnail list mounts once the pages have painted, not with the sidebar: its first render and the layout it
  // measures would run on the main thread while page 1 draws, and its drawings queue behind the pages' anyway. The
  // sidebar's frame is there from the start, so nothing moves.
  const thumbnailsNow = useAfterPagesPainted();

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.findIndex((t) => t.id === tab);
    // The arrows follow the reading direction: ArrowLeft is the next tab in a right-to-left UI.
    const key = inlineArrow(e.key, getComputedStyle(e.currentTarget).direction) ?? e.key;
    const next = { forward: i + 1, backward: i - 1, Home: 0, End: TABS.length - 1 }[key];
    if (next === undefined) return;
    // The tabs' own keys: the viewer's (arrows and Home/End turn pages) must not act on them too.
    e.preventDefault();
    e.stopPropagation();
    const t = TABS[(next + TABS.length) % TABS.length]!;
    store.getState().setSidebarTab(t.id);
    tabRefs.current.get(t.id)?.focus();
  };

  return (
    <aside id={id} aria-label={tr('sidebar.label')} data-viewer-sidebar="" className="flex h-full w-40 shrink-0 flex-col border-e border-slate-200 bg-slate-50">
      <div role="tablist" aria-label={tr('sidebar.views')} className="flex border-b border-slate-200 text-xs" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              if (el) tabRefs.current.set(t.id, el);
              else tabRefs.current.delete(t.id);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => store.getState().setSidebarTab(t.id)}
            className={`flex-1 px-2 py-1.5 font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 ${
              tab === t.id ? 'border-b-2 border-indigo-600 text-indigo-800' : 'text-slate-500 hover:text-slate-800'
            }`}
          >
            {tr(t.label)}
          </button>
        ))}
      </div>
      {/* Only the chosen panel is mounted: a hidden thumbnail list would still paint pages. */}
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`} className="min-h-0 flex-1 overflow-y-auto">
        {tab === 'thumbnails' ? (
          thumbnailsNow && <ThumbnailList pdf={pdf} scheduler={scheduler} markers={markers} labels={labels} />
        ) : (
          <OutlineTree pdf={pdf} />
        )}
      </div>
    </aside>
  );
}

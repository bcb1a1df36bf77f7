import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslate } from '../../../i18n/use-translate.ts';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { displaySize } from '../../../core/coords/transform.ts';
import { distinctLabel } from '../../../core/pages/page-labels.ts';
import type { RenderScheduler } from '../render/render-scheduler.ts';
import { ThumbnailCache, ThumbnailImage } from './thumbnail-image.tsx';
import { referenceFrame, useViewerStore, useViewerStoreApi } from '../viewer-store.ts';

// The thumbnails tab: one button per page, virtualized. Every row has the same height (page 1's shape, as the
// pages view sizes unknown pages), so which rows are on screen is plain arithmetic and only those, plus a few
// either side, are in the DOM: a 1,000-page document has about a dozen thumbnails mounted.

const THUMB_WIDTH = 104;
/** Label line and padding around the picture, in CSS px. */
const ROW_CHROME = 30;
const OVERSCAN = 3;

interface ThumbnailListProps {
  pdf: PDFDocumentProxy;
  scheduler: RenderScheduler;
  /** Page → marker keys of the answer's citations on it. */
  markers: ReadonlyMap<number, readonly string[]>;
  labels: readonly string[] | null;
}

export function ThumbnailList({ pdf, scheduler, markers, labels }: ThumbnailListProps) {
  const store = useViewerStoreApi();
  const t = useTranslate();
  const currentPage = useViewerStore((s) => s.currentPage);
  const rotation = useViewerStore((s) => s.rotation);
  const reference = useViewerStore(referenceFrame);
  const count = pdf.numPages;
  const size = displaySize(reference, 1, rotation);
  const thumbHeight = Math.round((THUMB_WIDTH * size.height) / Math.max(1, size.width));
  const rowHeight = thumbHeight + ROW_CHROME;

  const scrollRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const [cache] = useState(() => new ThumbnailCache());
  useEffect(() => () => cache.clear(), [cache]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setView((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
    };
    measure();
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  // Keep the current page's thumbnail in sight as the reader scrolls the pages (only when it has left the list's view,
  // so scrolling the list by hand is not fought).
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const top = (currentPage - 1) * rowHeight;
    if (top < el.scrollTop || top + rowHeight > el.scrollTop + el.clientHeight) {
      el.scrollTop = top - (el.clientHeight - rowHeight) / 2;
    }
  }, [currentPage, rowHeight]);

  const first = Math.max(1, Math.floor(view.top / rowHeight) + 1 - OVERSCAN);
  const last = Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  const visibleFirst = Math.floor(view.top / rowHeight) + 1;
  const visibleLast = Math.ceil((view.top + view.height) / rowHeight);

  const go = (page: number) => store.getState().goToPage(page);
  const focusPage = (page: number) => {
    const target = Math.min(count, Math.max(1, page));
    const el = scrollRef.current;
    if (!el) return;
    const top = (target - 1) * rowHeight;
    if (top < el.scrollTop || top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = top - (el.clientHeight - rowHeight) / 2;
    // The row exists after the scroll's re-render at the latest.
    requestAnimationFrame(() => el.querySelector<HTMLElement>(`[data-thumbnail-page="${target}"]`)?.focus());
  };

  const rows = [];
  for (let p = first; p <= last; p++) {
    const label = distinctLabel(labels, p);
    const cited = markers.get(p);
    const current = p === currentPage;
    const priority = p < visibleFirst ? visibleFirst - p : p > visibleLast ? p - visibleLast : 0;
    rows.push(
      <li key={p} className="absolute inset-x-0 flex justify-center" style={{ top: (p - 1) * rowHeight, height: rowHeight }}>
        <button
          type="button"
          data-thumbnail-page={p}
          aria-current={current ? 'page' : undefined}
          onClick={() => go(p)}
          onKeyDown={(e) => {
            const step = { ArrowDown: 1, ArrowUp: -1, Home: 1 - p, End: count - p }[e.key];
            if (step === undefined) return;
            // The list's own keys: the viewer's (Home, End turn pages) must not act on them too.
            e.preventDefault();
            e.stopPropagation();
            focusPage(p + step);
          }}
          className={`group relative mt-1.5 flex flex-col items-center gap-1 rounded p-1 focus-visible:outline-2 focus-visible:outline-blue-600 ${
            current ? 'bg-indigo-100' : 'hover:bg-slate-200'
          }`}
        >
          <span
            className={`relative block overflow-hidden bg-white shadow-sm ring-1 ${current ? 'ring-2 ring-indigo-500 forced-colors:outline-2 forced-colors:outline-[Highlight]' : 'ring-slate-300'}`}
            style={{ width: THUMB_WIDTH, height: thumbHeight }}
          >
            <ThumbnailImage pdf={pdf} pageNumber={p} width={THUMB_WIDTH} userRotation={rotation} priority={priority} scheduler={scheduler} cache={cache} />
            {cited ? (
              <span className="absolute end-0.5 top-0.5 flex max-w-full flex-wrap justify-end gap-0.5" aria-hidden>
                {cited.map((m) => (
                  <span key={m} data-thumbnail-badge={m} className="rounded bg-amber-400 px-1 text-[10px] font-semibold leading-4 text-slate-900 shadow-sm">
                    {m}
                  </span>
                ))}
              </span>
            ) : null}
          </span>
          <span className={`text-xs tabular-nums ${current ? 'font-semibold text-indigo-800' : 'text-slate-600'}`} aria-hidden>
            {label ? `${label} (${p})` : p}
          </span>
          {/* The name, as content rather than aria-label: the badges and the number above are its short visible form
              (an aria-label would have to contain them word for word, in their order). */}
          <span className="sr-only">{`${t('thumbs.page', { page: p })}${label ? t('thumbs.printed', { label }) : ''}${cited ? t('thumbs.citedBy', { markers: cited.map((m) => `[${m}]`).join(' ') }) : ''}`}</span>
        </button>
      </li>,
    );
  }

  return (
    <div ref={scrollRef} className="h-full overflow-y-auto overscroll-contain" data-thumbnails-scroll="">
      <ul aria-label={t('thumbs.label')} className="relative" style={{ height: count * rowHeight + 8 }}>
        {rows}
      </ul>
    </div>
  );
}

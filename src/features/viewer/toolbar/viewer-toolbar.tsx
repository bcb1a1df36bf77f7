import { memo, useCallback, type ReactNode } from 'react';
import type { DocumentRef } from '../../../core/model/types.ts';
import { DocumentActions, type DocumentLink } from './document-actions.tsx';
import { PageField, SidebarToggle } from './page-field.tsx';
import { ZOOM_PRESETS, useScale, useViewerStore, useViewerStoreApi } from '../viewer-store.ts';
import { useViewerHost } from '../viewer-host.tsx';
import { useTranslate } from '../../../i18n/use-translate.ts';

// The viewer's toolbar: document switcher (only with several documents), page navigation, zoom, rotate.
// Everything it changes goes through the per-viewer store; the pages view reacts to the store. Memoised, and only
// the page controls follow the current page: a citation jump or a scroll step does not redraw the whole toolbar.

interface ViewerToolbarProps {
  documents: readonly DocumentRef[];
  documentId: string;
  /** Our viewer's link for a document at a page ("Open in a new tab"); absent or null: no such button. */
  documentLink?: DocumentLink | undefined;
}

export const ViewerToolbar = memo(function ViewerToolbar({ documents, documentId, documentLink }: ViewerToolbarProps) {
  const t = useTranslate();
  const { emit } = useViewerHost();
  const onDocumentChange = useCallback((id: string) => emit({ kind: 'open-document', documentId: id }), [emit]);
  const store = useViewerStoreApi();
  const pageCount = useViewerStore((s) => s.pageCount);
  const scaleMode = useViewerStore((s) => s.scaleMode);
  const scale = useScale();
  const { zoomIn, zoomOut, setScaleMode, rotateClockwise } = store.getState();
  const ready = pageCount > 0;
  const doc = documents.find((d) => d.id === documentId);
  const percent = Math.round(scale * 100);

  const zoomValue = typeof scaleMode === 'number' ? String(scaleMode) : scaleMode;
  const presetListed = typeof scaleMode !== 'number' || ZOOM_PRESETS.some((z) => Math.abs(z - scaleMode) < 1e-6);

  return (
    <div
      role="toolbar"
      aria-label={t('viewer.controls')}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-700"
    >
      <SidebarToggle />
      <DocumentSwitcher documents={documents} documentId={documentId} onDocumentChange={onDocumentChange} />

      <Group>
        <PageSteps />
        <PageField />
      </Group>

      <RegionSteps />

      <Group>
        <IconButton label={t('viewer.zoomOut')} disabled={!ready} onClick={zoomOut}>
          −
        </IconButton>
        <IconButton label={t('viewer.zoomIn')} disabled={!ready} onClick={zoomIn}>
          +
        </IconButton>
        <select
          aria-label={t('viewer.zoom')}
          className={control}
          value={presetListed ? zoomValue : 'custom'}
          disabled={!ready}
          onChange={(e) => {
            const v = e.target.value;
            if (v === 'fit-width' || v === 'fit-page') setScaleMode(v);
            else if (v !== 'custom') setScaleMode(Number(v));
          }}
        >
          <option value="fit-width">{t('viewer.fitWidth')}</option>
          <option value="fit-page">{t('viewer.fitPage')}</option>
          {!presetListed && <option value="custom">{t('viewer.percent', { value: percent })}</option>}
          {ZOOM_PRESETS.map((z) => (
            <option key={z} value={String(z)}>
              {t('viewer.percent', { value: Math.round(z * 100) })}
            </option>
          ))}
        </select>
        <output className="w-12 text-end tabular-nums text-slate-500" aria-label={t('viewer.currentZoom')}>
          {t('viewer.percent', { value: percent })}
        </output>
      </Group>

      <IconButton label={t('viewer.rotate')} disabled={!ready} onClick={rotateClockwise}>
        ⟳
      </IconButton>

      {doc ? <DocumentActions doc={doc} documentLink={documentLink} /> : null}
    </div>
  );
});

/** Previous and next page: the toolbar's only controls that change with the current page. */
function PageSteps() {
  const t = useTranslate();
  const store = useViewerStoreApi();
  const currentPage = useViewerStore((s) => s.currentPage);
  const pageCount = useViewerStore((s) => s.pageCount);
  const { goToPage } = store.getState();
  const ready = pageCount > 0;
  return (
    <>
      <IconButton label={t('viewer.previousPage')} disabled={!ready || currentPage <= 1} onClick={() => goToPage(currentPage - 1)}>
        ↑
      </IconButton>
      <IconButton label={t('viewer.nextPage')} disabled={!ready || currentPage >= pageCount} onClick={() => goToPage(currentPage + 1)}>
        ↓
      </IconButton>
    </>
  );
}

/**
 * The open citation's passages, when it has several ("Region 1 of 2": the quote's part in the next column or on the
 * next page). In the toolbar, never over the page: floating over the pages it covered their text on every citation.
 */
function RegionSteps() {
  const t = useTranslate();
  const store = useViewerStoreApi();
  const count = useViewerStore((s) => s.regionCount);
  const active = useViewerStore((s) => s.activeRegion);
  if (count < 2) return null;
  const { requestRegionStep } = store.getState();
  return (
    <div role="group" aria-label={t('viewer.regions')} data-region-steps="" className="flex items-center gap-1 text-xs">
      <IconButton label={t('viewer.previousRegion')} disabled={active <= 0} onClick={() => requestRegionStep(-1)}>
        ‹
      </IconButton>
      <span className="whitespace-nowrap tabular-nums">{t('viewer.regionOf', { region: active + 1, count })}</span>
      <IconButton label={t('viewer.nextRegion')} disabled={active >= count - 1} onClick={() => requestRegionStep(1)}>
        ›
      </IconButton>
    </div>
  );
}

/** Picks one of the answer's documents; shown only when it cites several. Also used above a web source card. */
export function DocumentSwitcher({
  documents,
  documentId,
  onDocumentChange,
}: {
  documents: readonly DocumentRef[];
  documentId: string;
  onDocumentChange(id: string): void;
}) {
  const t = useTranslate();
  if (documents.length < 2) return null;
  return (
    <select aria-label={t('viewer.document')} className={`${control} max-w-56 truncate`} value={documentId} onChange={(e) => onDocumentChange(e.target.value)}>
      {documents.map((d) => (
        <option key={d.id} value={d.id}>
          {d.title}
        </option>
      ))}
    </select>
  );
}

const control =
  'h-7 rounded border border-slate-300 bg-white px-1.5 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50';

function Group({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-1">{children}</div>;
}

function IconButton({ label, disabled, onClick, children }: { label: string; disabled?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      // aria-disabled, not disabled: a focused button that becomes disabled (Next page on reaching the last page)
      // would drop the keyboard focus to <body>; this one keeps it and ignores the press.
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className="grid size-7 place-items-center rounded text-base leading-none text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 aria-disabled:cursor-default aria-disabled:opacity-40 aria-disabled:hover:bg-transparent"
    >
      <span aria-hidden>{children}</span>
    </button>
  );
}

import { useId, useRef, useState } from 'react';
import { reviewExportToCsv } from '../../core/review/export-csv.ts';
import { reviewExportToMarkdown } from '../../core/review/export-markdown.ts';
import { exportFileName, reviewExportToJson, type ReviewExport } from '../../core/review/export.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { downloadText, type DownloadText } from './download-text.ts';

// "Export" in the review panel's header: the review as it stands (flags, decisions, notes) saved as JSON, CSV or a
// Markdown report. The export is built when a format is chosen, so it holds the decisions of that moment.

const FORMATS = [
  { ext: 'json', label: 'JSON', hint: 'review.exportHintJson', mime: 'application/json', render: reviewExportToJson },
  // the byte-order mark makes spreadsheet programs read the file as UTF-8
  { ext: 'csv', label: 'CSV', hint: 'review.exportHintCsv', mime: 'text/csv', render: (e: ReviewExport) => `\uFEFF${reviewExportToCsv(e)}` },
  { ext: 'md', label: 'Markdown', hint: 'review.exportHintMd', mime: 'text/markdown', render: (e: ReviewExport) => reviewExportToMarkdown(e) },
] as const;

export interface ExportMenuProps {
  /** The review right now, with the current decisions (ReviewPanel builds it from its merged decisions). */
  getExport(): ReviewExport;
  /** How the file is saved; tests pass their own. */
  download?: DownloadText;
}

export function ExportMenu({ getExport, download = downloadText }: ExportMenuProps) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  const save = (format: (typeof FORMATS)[number]) => {
    try {
      const exp = getExport();
      download(exportFileName(exp, format.ext), format.render(exp), format.mime);
      setError(null);
      setOpen(false);
      buttonRef.current?.focus();
    } catch (e) {
      setError(t('review.exportFailed', { format: format.label, message: e instanceof Error ? e.message : String(e) }));
    }
  };

  return (
    <div
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          // Escape closes the list, not whatever dialog or selection the page would otherwise drop
          e.preventDefault();
          e.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="rounded-md px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {t('review.export')}
      </button>
      {/* end-0, not right-0: in a right-to-left UI the button sits at the pane's left edge, and a list hanging
          leftwards from it was cut off by the pane. */}
      {open ? (
        <ul
          id={listId}
          aria-label={t('review.exportAs')}
          className="absolute end-0 z-20 mt-1 w-48 space-y-0.5 rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          {FORMATS.map((f) => (
            <li key={f.ext}>
              <button
                type="button"
                data-export-format={f.ext}
                onClick={() => save(f)}
                className="flex w-full items-baseline justify-between gap-2 rounded px-2 py-1 text-start text-xs text-slate-800 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                <span className="font-medium">{f.label}</span>
                <span className="text-[11px] text-slate-500">{t(f.hint)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="absolute end-0 z-20 mt-1 w-56 rounded-md bg-rose-50 p-2 text-[11px] text-rose-800 ring-1 ring-rose-200">
          {error}
        </p>
      ) : null}
    </div>
  );
}

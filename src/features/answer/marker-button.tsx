import { useId, useState } from 'react';
import { STATUS_DOT, STATUS_TEXT, useCitationStatus } from './citation-status.ts';
import type { MarkerInfo } from './marker-info.ts';
import { SourceFacts } from './source-details.tsx';

type ValidMarker = Extract<MarkerInfo, { kind: 'valid' }>;

interface MarkerButtonProps {
  info: ValidMarker;
  active: boolean;
  onCite(key: string): void;
}

/**
 * One cited number. Hover or focus shows the quote, the document title, the page and the section, and for web
 * sources the site and date, with the provider's confidence when it gave one.
 */
export function MarkerButton({ info, active, onCite }: MarkerButtonProps) {
  const [open, setOpen] = useState(false);
  const tipId = useId();
  const status = useCitationStatus(info.sourceId);
  return (
    <span className="relative inline-block" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        data-marker={info.key}
        data-source-id={info.sourceId}
        data-active={active || undefined}
        aria-current={active ? 'true' : undefined}
        aria-label={`Citation ${info.key}: ${info.label}`}
        data-status={status?.tone}
        aria-describedby={open ? tipId : undefined}
        onClick={() => {
          // The passage is opening beside the answer; the preview would only cover the next line's markers.
          setOpen(false);
          onCite(info.key);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        className={`mx-px rounded px-1 text-[0.8em] font-semibold leading-tight align-baseline transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
          active ? 'bg-indigo-600 text-white' : 'bg-indigo-50 text-indigo-700 hover:bg-indigo-100'
        }`}
      >
        {info.key}
        {status ? <span aria-hidden className={`ml-0.5 inline-block size-1.5 rounded-full align-middle ${STATUS_DOT[status.tone]}`} /> : null}
      </button>
      {open && (
        <span
          id={tipId}
          role="tooltip"
          data-marker-preview={info.key}
          className="pointer-events-none absolute left-0 top-full z-30 mt-1 block w-72 rounded-md border border-slate-200 bg-white p-3 text-left text-sm font-normal leading-snug text-slate-700 shadow-lg"
        >
          {info.quote ? <span className="block italic text-slate-800">“{info.quote}”</span> : null}
          <span className="mt-2 block font-medium text-slate-900">{info.title}</span>
          {/* A web page or a generated file has no pages: no "Page unknown" for them. */}
          {info.page !== undefined || info.section || !(info.web || info.generated) ? (
            <span className="block text-xs text-slate-500">
              {[info.page !== undefined ? `Page ${info.page}` : info.web || info.generated ? '' : 'Page unknown', info.section ?? '']
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : null}
          <SourceFacts info={info} showSite />
          {status ? <span data-status-text="" className={`mt-1 block text-xs ${STATUS_TEXT[status.tone]}`}>{status.long}</span> : null}
        </span>
      )}
    </span>
  );
}

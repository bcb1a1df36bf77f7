import { memo, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { localeDirection } from '../../core/i18n/locale.ts';
import { formatNumber } from '../../core/i18n/translate.ts';
import { capText, QUOTE_DRAWN_CHARS } from '../../core/text/capped-text.ts';
import { useLocale, useTranslate } from '../../i18n/use-translate.ts';
import { useIsActiveMarker } from './active-marker.ts';
import { STATUS_DOT, STATUS_TEXT, useCitationStatus } from './citation-status.ts';
import type { MarkerInfo } from './marker-info.ts';
import { EDGE, placePopover } from './popover-position.ts';
import { SourceFacts } from './source-details.tsx';
import './marker.css';

type ValidMarker = Extract<MarkerInfo, { kind: 'valid' }>;

interface MarkerButtonProps {
  info: ValidMarker;
  /** Stable across renders (useCiteMarker), so a click elsewhere never re-renders this button. */
  onCite(key: string): void;
}

/**
 * One cited number. Hover or focus shows the quote, the document title, the page and the section, and for web
 * sources the site and date, with the provider's confidence when it gave one.
 */
export const MarkerButton = memo(function MarkerButton({ info, onCite }: MarkerButtonProps) {
  const active = useIsActiveMarker(info.key);
  const t = useTranslate();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const tipId = useId();
  const status = useCitationStatus(info.sourceId);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const tipRef = useRef<HTMLSpanElement>(null);
  // The preview is fixed to the viewport (the answer pane's scrolling would clip an absolute one) and placed before
  // paint, inside the viewport whatever the marker's position; a scroll would leave it behind, so it closes.
  // Placed in the frame's animation callback, not in the commit that opens it: its sizes are read there from the
  // layout the frame does anyway, where a read in the commit forced one in the pointer's events, on the way to a
  // click (a click closes it, and the frame then reads nothing). Hidden until placed.
  useLayoutEffect(() => {
    const button = buttonRef.current;
    const tip = tipRef.current;
    if (!open || !button || !tip) return;
    const frame = requestAnimationFrame(() => {
      const viewport = { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight };
      tip.style.maxWidth = `${viewport.width - 2 * EDGE}px`;
      const { left, top } = placePopover(button.getBoundingClientRect(), { width: tip.offsetWidth, height: tip.offsetHeight }, viewport);
      tip.style.left = `${left}px`;
      tip.style.top = `${top}px`;
      tip.style.visibility = '';
    });
    return () => cancelAnimationFrame(frame);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    // Only a scroll that moves the marker: the viewer scrolling to a page or a list growing elsewhere leaves the
    // preview where it belongs (closing on those made it vanish under a still pointer, never to come back).
    const closeIfMoved = (e: Event) => {
      if (e.target instanceof Node && buttonRef.current && e.target.contains(buttonRef.current)) setOpen(false);
    };
    window.addEventListener('scroll', closeIfMoved, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', closeIfMoved, true);
      window.removeEventListener('resize', close);
    };
  }, [open]);
  return (
    <span className="relative inline-block" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        ref={buttonRef}
        type="button"
        data-marker={info.key}
        data-source-id={info.sourceId}
        data-active={active || undefined}
        aria-current={active ? 'true' : undefined}
        aria-label={t('answer.markerName', { key: info.key, label: info.label })}
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
        // A 24 × 24 px target (WCAG 2.5.8) without loosening the line: the button is 24 px wide, and a transparent
        // ::before gives it 24 px of height, centred on the line, outside the layout.
        // The open citation's look hangs on aria-current, never on a class swap, and nothing transitions: a click
        // re-styles every drawn marker of the old and the new key (hundreds in a long answer), and swapping their
        // whole class lists, each starting a colour transition, cost a 10,000-claim answer's click tens of ms of style work.
        className="marker-button relative mx-px inline-block min-w-6 rounded bg-indigo-50 px-1 text-center align-baseline text-[0.8em] font-semibold leading-tight text-indigo-700 decoration-2 underline-offset-2 before:absolute before:inset-x-0 before:top-1/2 before:h-6 before:-translate-y-1/2 before:content-[''] hover:bg-indigo-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-1 aria-[current=true]:bg-indigo-600 aria-[current=true]:text-white aria-[current=true]:underline"
      >
        {/* The number in the UI's digits (۲ in Persian); data-marker and the link keep the normalized key. */}
        {/^\d+$/.test(info.key) ? formatNumber(locale, Number(info.key)) : info.key}
        {status ? <span aria-hidden className={`ms-0.5 inline-block size-1.5 rounded-full align-middle ${STATUS_DOT[status.tone]}`} /> : null}
      </button>
      {open && (
        // Wraps (its group is nowrap), and stays hoverable: it touches the marker, so the pointer can move onto it to
        // read or select the quote without it closing (WCAG 1.4.13); Escape closes it.
        <span
          ref={tipRef}
          id={tipId}
          role="tooltip"
          // Shown once placed (the layout effect above), never a frame at the viewport's corner.
          style={{ visibility: 'hidden' }}
          data-marker-preview={info.key}
          // UI chrome around the source's words: the UI's language and direction, whatever the paragraph's.
          lang={locale}
          dir={localeDirection(locale)}
          // It may cover a marker on the next line: a pointer that reaches one is heading for it, not for the quote,
          // so the preview gives way (else the marker under it could not be reached without going round it).
          onPointerMove={(e) => {
            const under = document.elementsFromPoint(e.clientX, e.clientY);
            if (under.some((el) => el instanceof HTMLElement && el.dataset.marker !== undefined && el !== buttonRef.current)) setOpen(false);
          }}
          className="fixed z-50 block max-h-80 w-72 overflow-y-auto whitespace-normal break-words rounded-md border border-slate-200 bg-white p-3 text-start text-sm font-normal leading-snug text-slate-700 shadow-lg"
        >
          {/* At most eight lines of the quote: a preview of a very long one must still fit above or below its marker,
              or, clamped into the viewport, it would cover the marker and take its click. */}
          {info.quote ? <PreviewQuote quote={info.quote} /> : null}
          <span dir="auto" className="mt-2 block font-medium text-slate-900">
            {info.title}
          </span>
          {/* A web page or a generated file has no pages: no "Page unknown" for them. */}
          {info.page !== undefined || info.section || !(info.web || info.generated) ? (
            <span className="block text-xs text-slate-500">
              {[info.page !== undefined ? t('answer.page', { page: info.page }) : info.web || info.generated ? '' : t('answer.pageUnknown'), info.section ?? '']
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : null}
          <SourceFacts info={info} showSite />
          {status ? (
            <span data-status-text="" className={`mt-1 block text-xs ${STATUS_TEXT[status.tone]}`}>
              {status.long}
            </span>
          ) : null}
        </span>
      )}
    </span>
  );
});

/** A preview shows at most eight lines, so at most QUOTE_DRAWN_CHARS are drawn: a 1.2 MB quote stalled the layout. */
function PreviewQuote({ quote }: { quote: string }) {
  const { text, hidden } = capText(quote, QUOTE_DRAWN_CHARS);
  return (
    <span dir="auto" className="line-clamp-8 italic text-slate-800">
      “{text}
      {hidden > 0 ? '…' : '”'}
    </span>
  );
}

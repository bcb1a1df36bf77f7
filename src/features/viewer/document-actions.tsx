import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { authHeaders, hasApiToken } from '../../api/auth-token.ts';
import type { DocumentRef } from '../../core/model/types.ts';
import { printDocument, type PrintProgress } from './print-document.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// Download, print and open the original document (toolbar buttons).
// Both are links to the document's URL, so a reviewer can copy it. Download is left to the browser (save dialog). The
// server hands a document opened as a page over as an attachment (so the browser's own viewer never runs the PDF's
// scripts from our origin's address), so "open" fetches the file and shows it from a blob: URL in the new tab. With
// an API token (an embedding portal, a signed link) the URL alone would be refused (401): then download goes the same
// way, with the token. Printing renders our own pages (print-document.ts says why).

type PrintState = { kind: 'idle' } | { kind: 'preparing'; progress: PrintProgress | null } | { kind: 'failed'; message: string };

export function DocumentActions({ doc }: { doc: DocumentRef }) {
  const t = useTranslate();
  const [print, setPrint] = useState<PrintState>({ kind: 'idle' });
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), [doc.url]);

  const startPrint = () => {
    if (print.kind === 'preparing') {
      abortRef.current?.abort();
      setPrint({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setPrint({ kind: 'preparing', progress: null });
    printDocument(doc.url, (progress) => !controller.signal.aborted && setPrint({ kind: 'preparing', progress }), controller.signal, t).then(
      () => !controller.signal.aborted && setPrint({ kind: 'idle' }),
      (e: unknown) => !controller.signal.aborted && setPrint({ kind: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
  };

  const viaToken = (mode: 'download' | 'open') => (e: MouseEvent<HTMLAnchorElement>) => {
    if (mode === 'download' && !hasApiToken()) return;
    e.preventDefault();
    // The tab must be opened in the click's own task, or the popup blocker stops it; it gets the file when it came.
    const tab = mode === 'open' ? window.open('about:blank', '_blank') : null;
    if (tab) tab.opener = null; // the document's tab gets no handle on this one
    void fetch(doc.url, { headers: authHeaders() })
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(t('viewer.fetchFailed', { status: r.status })))))
      .then((blob) => {
        const href = URL.createObjectURL(blob);
        if (tab) tab.location.href = href;
        else {
          const a = Object.assign(document.createElement('a'), { href, download: fileName(doc) });
          a.click();
        }
        setTimeout(() => URL.revokeObjectURL(href), 60_000);
      })
      .catch((err: unknown) => {
        tab?.close();
        setPrint({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
      });
  };

  const printLabel =
    print.kind === 'preparing'
      ? print.progress
        ? t('viewer.preparingPrintPage', { page: print.progress.page, count: print.progress.pageCount })
        : t('viewer.preparingPrint')
      : t('viewer.print');

  return (
    <div className="flex items-center gap-1">
      <LinkButton label={t('viewer.download')} href={doc.url} download={fileName(doc)} onClick={viaToken('download')}>
        ⤓
      </LinkButton>
      <LinkButton label={t('viewer.openInTab')} href={doc.url} target="_blank" onClick={viaToken('open')}>
        ↗
      </LinkButton>
      <button
        type="button"
        aria-label={t('viewer.print')}
        title={printLabel}
        aria-busy={print.kind === 'preparing'}
        onClick={startPrint}
        className={`${buttonClass} ${print.kind === 'preparing' ? 'animate-pulse bg-slate-100' : ''}`}
      >
        {/* An SVG, not "⎙": U+2399 is missing from many system fonts (it drew as an empty box on Debian). */}
        <svg aria-hidden viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round">
          <path d="M4.5 6V2h7v4" />
          <rect x="1.5" y="6" width="13" height="6" rx="1.2" />
          <path d="M4.5 10h7v4h-7z" />
        </svg>
      </button>
      {print.kind === 'preparing' && print.progress ? (
        <span role="status" className="whitespace-nowrap text-xs text-slate-500">
          {t('viewer.printingPage', { page: print.progress.page, count: print.progress.pageCount })}
        </span>
      ) : null}
      {print.kind === 'failed' ? (
        <span role="alert" className="whitespace-nowrap text-xs text-rose-700">
          {print.message}
        </span>
      ) : null}
    </div>
  );
}

/** The name offered when saving: the URL's own file name, else the title. */
function fileName(doc: DocumentRef): string {
  try {
    const last = decodeURIComponent(new URL(doc.url, window.location.href).pathname.split('/').pop() ?? '');
    if (last) return /\.pdf$/i.test(last) ? last : `${last}.pdf`;
  } catch {
    // fall through to the title
  }
  return `${doc.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'document'}.pdf`;
}

const buttonClass =
  'grid size-7 place-items-center rounded text-base leading-none text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600';

function LinkButton(props: { label: string; href: string; download?: string; target?: string; onClick(e: MouseEvent<HTMLAnchorElement>): void; children: ReactNode }) {
  const { label, href, download, target, onClick, children } = props;
  return (
    <a
      href={href}
      download={download}
      target={target}
      rel={target ? 'noopener noreferrer' : undefined}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={buttonClass}
    >
      <span aria-hidden>{children}</span>
    </a>
  );
}

import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { authHeaders, hasApiToken } from '../../../api/auth-token.ts';
import type { DocumentRef } from '../../../core/model/types.ts';
import { printDocument, type PrintProgress } from './print-document.ts';
import { useViewerStore } from '../viewer-store.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';

// Download, print and open the document in a new tab (toolbar buttons).
// Download is a link to the document's URL, left to the browser (the server always sends documents as attachments).
// With an API token (an embedding portal, a signed link) the URL alone would be refused (401): then the file is
// fetched with the token and saved from a blob: URL. "Open in a new tab" opens OUR viewer for the document at the
// current page (`documentLink`, made by the app), never the file itself: the browser's own PDF viewer runs a PDF's
// JavaScript (an OpenAction's app.alert), and a blob: URL of the file would run it on our origin, past the server's
// attachment and sandbox headers (issue 34, break 2). Where no such link exists (a local or in-memory answer, an
// embedded view whose token a new tab would not have) the button is not shown: download is the way out.
// Printing renders our own pages (print-document.ts says why).

/** The link of our own viewer showing `documentId` at `page`, or null when a new tab could not show it. */
export type DocumentLink = (documentId: string, page: number) => string | null;

type PrintState = { kind: 'idle' } | { kind: 'preparing'; progress: PrintProgress | null } | { kind: 'failed'; message: string };

export function DocumentActions({ doc, documentLink }: { doc: DocumentRef; documentLink?: DocumentLink | undefined }) {
  const t = useTranslate();
  const currentPage = useViewerStore((s) => s.currentPage);
  const viewerHref = documentLink?.(doc.id, Math.max(1, currentPage)) ?? null;
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

  const downloadWithToken = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!hasApiToken()) return;
    e.preventDefault();
    void fetch(doc.url, { headers: authHeaders() })
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(t('viewer.fetchFailed', { status: r.status })))))
      .then((blob) => {
        // A download (the `download` attribute), never a page: the blob is not shown by the browser's viewer.
        const href = URL.createObjectURL(blob);
        Object.assign(document.createElement('a'), { href, download: fileName(doc) }).click();
        setTimeout(() => URL.revokeObjectURL(href), 60_000);
      })
      .catch((err: unknown) => setPrint({ kind: 'failed', message: err instanceof Error ? err.message : String(err) }));
  };

  const printLabel =
    print.kind === 'preparing'
      ? print.progress
        ? t('viewer.preparingPrintPage', { page: print.progress.page, count: print.progress.pageCount })
        : t('viewer.preparingPrint')
      : t('viewer.print');

  return (
    <div className="flex items-center gap-1">
      <LinkButton label={t('viewer.download')} href={doc.url} download={fileName(doc)} onClick={downloadWithToken}>
        ⤓
      </LinkButton>
      {viewerHref !== null ? (
        <LinkButton label={t('viewer.openInTab')} href={viewerHref} target="_blank">
          ↗
        </LinkButton>
      ) : null}
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

function LinkButton(props: {
  label: string;
  href: string;
  download?: string;
  target?: string;
  onClick?(e: MouseEvent<HTMLAnchorElement>): void;
  children: ReactNode;
}) {
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

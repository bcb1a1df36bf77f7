import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DocumentKind } from '../../../core/model/document-kind.ts';
import { siteOf, webAddress } from '../../../core/model/document-kind.ts';
import type { HighlightTarget } from '../../../core/model/highlight-target.ts';
import { findInPassage } from '../../../core/model/passage-mark.ts';
import { readableDate } from '../../../core/model/readable-date.ts';
import type { DocumentRef, Source } from '../../../core/model/types.ts';
import { groupedNumber } from '../../../core/i18n/translate.ts';
import { capText, PASSAGE_DRAWN_CHARS, QUOTE_DRAWN_CHARS, windowAround } from '../../../core/text/capped-text.ts';
import { useShowAll } from '../../../hooks/use-show-all.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';

// What the viewer pane shows for a cited document that is not a PDF in our store (documentKind decides):
//  - a web page: its title, site, date, a link to open it in a new tab, and the passage the provider sent with the
//    cited words marked. The page itself is never fetched (the CSP forbids it, and it would tell the site who reads);
//  - a file the model generated in its sandbox: what it is and why it cannot be opened, with the quote if any.
// Everything here is text from the payload, rendered as text.

interface SourceCardProps {
  doc: DocumentRef;
  kind: Exclude<DocumentKind, { kind: 'pdf' } | { kind: 'text' }>;
  /** The answer's sources; the card shows the targeted one, or the first that cites this document. */
  sources: readonly Source[];
  target: HighlightTarget | null;
}

export function SourceCard({ doc, kind, sources, target }: SourceCardProps) {
  const source = (target && sources.find((s) => s.id === target.sourceId)) ?? sources.find((s) => s.documentId === doc.id);
  switch (kind.kind) {
    case 'web':
      return <WebSourceCard doc={doc} url={kind.url} site={kind.site} source={source} target={target} />;
    case 'generated':
      return <GeneratedFileCard doc={doc} file={kind.file} source={source} />;
    default: {
      const never: never = kind;
      return never;
    }
  }
}

function Card({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="absolute inset-0 overflow-auto bg-slate-100 p-6">
      <article aria-label={label} className="mx-auto max-w-xl rounded-md border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
        {children}
      </article>
    </div>
  );
}

interface WebSourceCardProps {
  doc: DocumentRef;
  url: string;
  site: string;
  source: Source | undefined;
  target: HighlightTarget | null;
}

function WebSourceCard({ doc, url, site, source, target }: WebSourceCardProps) {
  // The source's own address is the page the provider read (the document's may be a search redirect or a site root).
  const own = webAddress(source?.url);
  const href = own?.href ?? url;
  const shownSite = own ? siteOf(own) : site;
  const passage = source?.text || source?.quote || '';
  const cited = (target?.sourceId === source?.id ? target?.quote : undefined) || source?.quote || source?.text || '';
  const range = passage && cited ? findInPassage(passage, cited) : null;
  // A long passage is drawn around its mark (at most PASSAGE_DRAWN_CHARS), the rest on "Show all" (issue 34).
  const [whole, setWhole] = useState<string | null>(null);
  const drawn =
    whole === passage ? { start: 0, end: passage.length, hidden: 0 } : windowAround(passage, range?.start ?? 0, range?.end ?? 0, PASSAGE_DRAWN_CHARS);

  // A new click on a marker (new nonce) brings the marked words into view, as the PDF viewer does.
  const markRef = useRef<HTMLElement>(null);
  const t = useTranslate();
  const nonce = target?.nonce;
  useEffect(() => {
    markRef.current?.scrollIntoView({ block: 'center' });
  }, [nonce, source?.id]);

  return (
    <Card label={t('web.label')}>
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('web.label')}</p>
      <h2 className="mt-1 text-base font-semibold leading-snug text-slate-900">{doc.title}</h2>
      <p className="mt-0.5 text-xs text-slate-500">
        {[shownSite, source?.date ? readableDate(source.date, t('common.dateLocale')) : undefined].filter(Boolean).join(' · ')}
      </p>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 inline-block rounded border border-indigo-200 bg-indigo-50 px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-100"
      >
        {t('web.openPage')}
      </a>
      {passage ? (
        <div className="mt-4">
          <p className="text-xs font-medium text-slate-500">{source?.text ? t('web.providerPassage') : t('web.citedText')}</p>
          <blockquote data-source-passage="" className="mt-1 whitespace-pre-wrap border-s-2 border-slate-200 ps-3 leading-relaxed">
            {drawn.start > 0 ? '…' : null}
            {range && source ? (
              <>
                {passage.slice(drawn.start, Math.max(drawn.start, range.start))}
                <mark ref={markRef} data-highlight="" data-source-id={source.id} className="rounded-sm bg-yellow-200 px-px text-slate-900">
                  {passage.slice(Math.max(drawn.start, range.start), Math.min(drawn.end, range.end))}
                </mark>
                {passage.slice(Math.min(drawn.end, range.end), drawn.end)}
              </>
            ) : (
              passage.slice(drawn.start, drawn.end)
            )}
            {drawn.end < passage.length ? '…' : null}
          </blockquote>
          {drawn.hidden > 0 ? <ShowAllButton hidden={drawn.hidden} onClick={() => setWhole(passage)} /> : null}
          {!range && cited && cited !== passage ? (
            <p role="status" className="mt-2 text-xs text-amber-800">
              {t('web.notInPassage', { cited: capText(cited, QUOTE_DRAWN_CHARS).text })}
            </p>
          ) : null}
        </div>
      ) : (
        <p role="status" className="mt-4 text-xs text-slate-500">
          {t('web.noPassage')}
        </p>
      )}
      <p className="mt-4 text-xs text-slate-400">{t('web.notLoaded')}</p>
    </Card>
  );
}

function GeneratedFileCard({ doc, file, source }: { doc: DocumentRef; file: NonNullable<DocumentRef['generated']>; source: Source | undefined }) {
  const t = useTranslate();
  const name = file.filename || doc.title || file.fileId;
  return (
    <Card label={t('generated.label')}>
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('generated.label')}</p>
      <h2 className="mt-1 break-all text-base font-semibold leading-snug text-slate-900">{name}</h2>
      <p role="status" className="mt-2 leading-relaxed">
        {t('generated.made')}
        {file.containerId ? (
          <>
            {' '}
            ({t('generated.container')} <code className="break-all text-xs">{file.containerId}</code>)
          </>
        ) : null}
        {t('generated.onlyThere')}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        {t('generated.fileId')} <code className="break-all">{file.fileId}</code>
      </p>
      {source?.quote ? <GeneratedQuote quote={source.quote} /> : null}
    </Card>
  );
}

function GeneratedQuote({ quote }: { quote: string }) {
  const t = useTranslate();
  const shown = useShowAll(quote, PASSAGE_DRAWN_CHARS);
  return (
    <>
      <blockquote className="mt-4 whitespace-pre-wrap border-s-2 border-slate-200 ps-3 italic leading-relaxed">
        {t('generated.quote', { quote: shown.hidden > 0 ? `${shown.text}…` : shown.text })}
      </blockquote>
      {shown.hidden > 0 ? <ShowAllButton hidden={shown.hidden} onClick={shown.showAll} /> : null}
    </>
  );
}

function ShowAllButton({ hidden, onClick }: { hidden: number; onClick(): void }) {
  const t = useTranslate();
  return (
    <button type="button" data-show-all="" onClick={onClick} className="mt-1 text-xs font-medium text-indigo-700 hover:underline">
      {t('common.showAll', { count: groupedNumber(t, hidden) })}
    </button>
  );
}

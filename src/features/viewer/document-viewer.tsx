import { useEffect, useMemo, type ReactNode } from 'react';
import { refusedDocumentAddress } from '../../core/documents/document-address.ts';
import { documentKind, type DocumentKind } from '../../core/model/document-kind.ts';
import type { DocumentRef, Source } from '../../core/model/types.ts';
import { storeOrigins } from '../../api/store-origins.ts';
import { PdfViewer, type PdfViewerProps } from './pdf-viewer.tsx';
import { DocumentSwitcher } from './toolbar/viewer-toolbar.tsx';
import { ViewerHost, useViewerHost } from './viewer-host.tsx';
import { useTranslate } from '../../i18n/use-translate.ts';
import { liftFirstPageHold } from '../../lib/first-page-hold.ts';
import { markStyle } from './render/page-palette.ts';
import { retryableLazy } from '../../hooks/retryable-lazy.tsx';

// The marks' colours (page-palette.ts), inherited by every mark of the viewer.
const MARKS = markStyle();

// The text viewer (Markdown and plain-text sources, with its own Markdown and hast pipeline) and the card of a web
// page are chunks of their own: a PDF's first page needs neither (issue #37). A failed download goes to the pane's
// boundary, whose Retry imports it again.
const TextSourceViewer = retryableLazy(() => import('./text-source/text-source-viewer.tsx').then((m) => m.TextSourceViewer)).Component;
const SourceCard = retryableLazy(() => import('./document/source-card.tsx').then((m) => m.SourceCard)).Component;

// The viewer pane for any cited document. documentKind (pure, in core) decides: a PDF of our store goes to the PDF
// viewer; a Markdown or text document of our store to the text viewer; a web page or a generated file gets a card,
// and no URL of theirs is ever handed to pdf.js.

export interface DocumentViewerProps extends PdfViewerProps {
  /** The answer's sources: a card shows the passage of the cited one. */
  sources: readonly Source[];
}

export function DocumentViewer({ sources, ...props }: DocumentViewerProps) {
  const t = useTranslate();
  const { documents, documentId, onEvent, checks } = props;
  const doc = documents.find((d) => d.id === documentId);
  const kind = useMemo(() => (doc ? documentKind(doc, storeOrigins()) : null), [doc]);
  // Refused before any request, and before the toolbar could make a link of it (issue 9).
  const refused = doc && !doc.generated ? refusedDocumentAddress(doc.url, t) : null;
  const pane =
    doc && refused ? (
      <RefusedDocument title={doc.title} reason={refused} documents={documents} documentId={documentId} />
    ) : doc && kind && kind.kind !== 'pdf' ? (
      <OtherDocument doc={doc} kind={kind} sources={sources} {...props} />
    ) : null;
  // Only the PDF viewer's pages lift the first-page hold; a pane that draws no PDF has no page 1 to wait for.
  const drawsPdf = pane === null;
  useEffect(() => {
    if (!drawsPdf) liftFirstPageHold();
  }, [drawsPdf]);
  if (!pane) return <PdfViewer {...props} />;
  // The PDF viewer provides its host itself; the panes pdf.js does not draw get theirs here.
  return (
    <ViewerHost documentId={documentId} onEvent={onEvent} checks={checks}>
      {pane}
    </ViewerHost>
  );
}

/** A Markdown or text document of our store (the text viewer), or a source pdf.js does not draw (a card). */
function OtherDocument({
  doc,
  kind,
  sources,
  documents,
  documentId,
  target,
  regionStep,
}: DocumentViewerProps & { doc: DocumentRef; kind: Exclude<DocumentKind, { kind: 'pdf' }> }) {
  const t = useTranslate();
  return (
    <ViewerFrame label={kind.kind === 'text' ? t('viewer.documentViewer') : t('viewer.sourceViewer')} documents={documents} documentId={documentId}>
      <div className="relative min-h-0 flex-1">
        {kind.kind === 'text' ? (
          <TextSourceViewer
            key={doc.url}
            doc={doc}
            format={kind.format}
            sources={sources}
            target={target?.documentId === documentId ? target : null}
            {...(regionStep !== undefined && { regionStep })}
          />
        ) : (
          <SourceCard doc={doc} kind={kind} sources={sources} target={target?.documentId === documentId ? target : null} />
        )}
      </div>
    </ViewerFrame>
  );
}

/** A document whose address the app will not load: named, with the reason, and the switcher to the others. */
function RefusedDocument({ title, reason, documents, documentId }: { title: string; reason: string } & Pick<PdfViewerProps, 'documents' | 'documentId'>) {
  const t = useTranslate();
  return (
    <ViewerFrame label={t('viewer.documentViewer')} documents={documents} documentId={documentId}>
      <div className="grid min-h-0 flex-1 place-items-center p-6">
        <div role="alert" data-refused-document="" className="max-w-md rounded-md border border-red-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
          <p className="font-medium text-red-700">{t('viewer.refused', { title, reason })}</p>
          <p className="mt-1 text-xs text-slate-500">{t('viewer.refusedHint')}</p>
        </div>
      </div>
    </ViewerFrame>
  );
}

/** The pane of a document pdf.js does not draw: its region, and the switcher when the answer cites several. */
function ViewerFrame({ label, documents, documentId, children }: { label: string; children: ReactNode } & Pick<PdfViewerProps, 'documents' | 'documentId'>) {
  const t = useTranslate();
  const { emit } = useViewerHost();
  const onDocumentChange = (id: string) => emit({ kind: 'open-document', documentId: id });
  return (
    <div data-viewer="" role="region" aria-label={label} style={MARKS} className="flex h-full min-h-0 flex-col bg-slate-100">
      {documents.length > 1 ? (
        <div role="toolbar" aria-label={t('viewer.sourceControls')} className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-1.5 text-sm">
          <DocumentSwitcher documents={documents} documentId={documentId} onDocumentChange={onDocumentChange} />
        </div>
      ) : null}
      {children}
    </div>
  );
}

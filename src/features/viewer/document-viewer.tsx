import { useEffect, useMemo, type ReactNode } from 'react';
import { refusedDocumentAddress } from '../../core/documents/document-address.ts';
import { documentKind } from '../../core/model/document-kind.ts';
import type { Source } from '../../core/model/types.ts';
import { storeOrigins } from '../../api/store-origins.ts';
import { PdfViewer, type PdfViewerProps } from './pdf-viewer.tsx';
import { SourceCard } from './source-card.tsx';
import { TextSourceViewer } from './text-source-viewer.tsx';
import { DocumentSwitcher } from './viewer-toolbar.tsx';
import { useTranslate } from '../../i18n/use-translate.ts';
import { liftFirstPageHold } from '../../lib/first-page-hold.ts';

// The viewer pane for any cited document. documentKind (pure, in core) decides: a PDF of our store goes to the PDF
// viewer; a Markdown or text document of our store to the text viewer; a web page or a generated file gets a card,
// and no URL of theirs is ever handed to pdf.js.

export interface DocumentViewerProps extends PdfViewerProps {
  /** The answer's sources: a card shows the passage of the cited one. */
  sources: readonly Source[];
}

export function DocumentViewer({ sources, ...props }: DocumentViewerProps) {
  const t = useTranslate();
  const { documents, documentId, onDocumentChange, target } = props;
  const doc = documents.find((d) => d.id === documentId);
  const kind = useMemo(() => (doc ? documentKind(doc, storeOrigins()) : null), [doc]);
  // Refused before any request, and before the toolbar could make a link of it (issue 9).
  const refused = doc && !doc.generated ? refusedDocumentAddress(doc.url, t) : null;
  // Only the PDF viewer's pages lift the first-page hold; a pane that draws no PDF has no page 1 to wait for.
  const drawsPdf = !(doc && refused) && (!doc || !kind || kind.kind === 'pdf');
  useEffect(() => {
    if (!drawsPdf) liftFirstPageHold();
  }, [drawsPdf]);
  if (doc && refused) return <RefusedDocument title={doc.title} reason={refused} {...props} />;
  if (!doc || !kind || kind.kind === 'pdf') return <PdfViewer {...props} />;
  return (
    <ViewerFrame label={kind.kind === 'text' ? t('viewer.documentViewer') : t('viewer.sourceViewer')} documents={documents} documentId={documentId} onDocumentChange={onDocumentChange}>
      <div className="relative min-h-0 flex-1">
        {kind.kind === 'text' ? (
          <TextSourceViewer
            key={doc.url}
            doc={doc}
            format={kind.format}
            sources={sources}
            target={target?.documentId === documentId ? target : null}
            {...(props.onRegionChange && { onRegionChange: props.onRegionChange })}
            {...(props.regionStep !== undefined && { regionStep: props.regionStep })}
            {...(props.onAnchored && { onAnchored: props.onAnchored })}
          />
        ) : (
          <SourceCard doc={doc} kind={kind} sources={sources} target={target?.documentId === documentId ? target : null} />
        )}
      </div>
    </ViewerFrame>
  );
}

/** A document whose address the app will not load: named, with the reason, and the switcher to the others. */
function RefusedDocument({ title, reason, documents, documentId, onDocumentChange }: { title: string; reason: string } & PdfViewerProps) {
  const t = useTranslate();
  return (
    <ViewerFrame label={t('viewer.documentViewer')} documents={documents} documentId={documentId} onDocumentChange={onDocumentChange}>
      <div className="grid min-h-0 flex-1 place-items-center p-6">
        <div role="alert" data-refused-document="" className="max-w-md rounded-md border border-red-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
          <p className="font-medium text-red-700">
            {t('viewer.refused', { title, reason })}
          </p>
          <p className="mt-1 text-xs text-slate-500">{t('viewer.refusedHint')}</p>
        </div>
      </div>
    </ViewerFrame>
  );
}

/** The pane of a document pdf.js does not draw: its region, and the switcher when the answer cites several. */
function ViewerFrame({ label, documents, documentId, onDocumentChange, children }: { label: string; children: ReactNode } & Pick<PdfViewerProps, 'documents' | 'documentId' | 'onDocumentChange'>) {
  const t = useTranslate();
  return (
    <div data-viewer="" role="region" aria-label={label} className="flex h-full min-h-0 flex-col bg-slate-100">
      {documents.length > 1 ? (
        <div role="toolbar" aria-label={t('viewer.sourceControls')} className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-1.5 text-sm">
          <DocumentSwitcher documents={documents} documentId={documentId} onDocumentChange={onDocumentChange} />
        </div>
      ) : null}
      {children}
    </div>
  );
}

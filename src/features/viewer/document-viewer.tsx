import { useMemo } from 'react';
import { documentKind } from '../../core/model/document-kind.ts';
import type { Source } from '../../core/model/types.ts';
import { storeOrigins } from '../../api/store-origins.ts';
import { PdfViewer, type PdfViewerProps } from './pdf-viewer.tsx';
import { SourceCard } from './source-card.tsx';
import { TextSourceViewer } from './text-source-viewer.tsx';
import { DocumentSwitcher } from './viewer-toolbar.tsx';

// The viewer pane for any cited document. documentKind (pure, in core) decides: a PDF of our store goes to the PDF
// viewer; a Markdown or text document of our store to the text viewer; a web page or a generated file gets a card,
// and no URL of theirs is ever handed to pdf.js.

export interface DocumentViewerProps extends PdfViewerProps {
  /** The answer's sources: a card shows the passage of the cited one. */
  sources: readonly Source[];
}

export function DocumentViewer({ sources, ...props }: DocumentViewerProps) {
  const { documents, documentId, onDocumentChange, target } = props;
  const doc = documents.find((d) => d.id === documentId);
  const kind = useMemo(() => (doc ? documentKind(doc, storeOrigins()) : null), [doc]);
  if (!doc || !kind || kind.kind === 'pdf') return <PdfViewer {...props} />;
  return (
    <div data-viewer="" role="region" aria-label={kind.kind === 'text' ? 'Document viewer' : 'Source viewer'} className="flex h-full min-h-0 flex-col bg-slate-100">
      {documents.length > 1 ? (
        <div role="toolbar" aria-label="Source viewer controls" className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-1.5 text-sm">
          <DocumentSwitcher documents={documents} documentId={documentId} onDocumentChange={onDocumentChange} />
        </div>
      ) : null}
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
    </div>
  );
}

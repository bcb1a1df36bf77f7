import type { DocumentRef } from '../../core/model/types.ts';
import { isMissingLocalFile } from '../../features/local-files/local-answer.ts';
import { MissingDocument } from '../../features/local-files/missing-document.tsx';
import { DocumentSwitcher } from '../../features/viewer/toolbar/viewer-toolbar.tsx';
import { useLocalAnswerActions } from './local-files.tsx';
import { useTranslate } from '../../i18n/use-translate.ts';
import { useViewStore } from '../navigation/view-store.ts';

/** The document `documentId` when it belongs to a local answer and its file has not been given. */
export function missingLocalDocument(documents: readonly DocumentRef[], documentId: string): DocumentRef | null {
  const doc = documents.find((d) => d.id === documentId);
  return doc && isMissingLocalFile(doc) ? doc : null;
}

/** The viewer pane for a local answer's document without its file (the switcher still reaches the others). */
export function MissingLocalDocument({ documents, doc }: { documents: DocumentRef[]; doc: DocumentRef }) {
  const actions = useLocalAnswerActions();
  const t = useTranslate();
  const documentId = doc.id;
  return (
    <div data-viewer="" role="region" aria-label={t('viewer.sourceViewer')} className="flex h-full min-h-0 flex-col bg-slate-100">
      {documents.length > 1 ? (
        <div role="toolbar" aria-label={t('viewer.sourceControls')} className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-1.5 text-sm">
          <DocumentSwitcher documents={documents} documentId={documentId} onDocumentChange={useViewStore.getState().showDocument} />
        </div>
      ) : null}
      <div className="min-h-0 flex-1">
        <MissingDocument doc={doc} onAddFiles={actions.addDocuments} />
      </div>
    </div>
  );
}

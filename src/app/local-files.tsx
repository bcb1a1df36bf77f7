import { useCallback, type ReactNode } from 'react';
import type { DocumentRef } from '../core/model/types.ts';
import { DropOverlay } from '../features/local-files/drop-overlay.tsx';
import { FilePickButton } from '../features/local-files/file-pick-button.tsx';
import { LocalAnswerBar } from '../features/local-files/local-answer-bar.tsx';
import { isLocalAnswerId, isMissingLocalFile, missingDocuments } from '../features/local-files/local-answer.ts';
import { useLocalFilesStore } from '../features/local-files/local-files-store.ts';
import { LocalNotice } from '../features/local-files/local-notice.tsx';
import { MissingDocument } from '../features/local-files/missing-document.tsx';
import { ReopenPanel } from '../features/local-files/reopen-panel.tsx';
import { useLocalFileActions } from '../features/local-files/use-local-files.ts';
import { DocumentSwitcher } from '../features/viewer/viewer-toolbar.tsx';
import { useViewStore } from './view-store.ts';

// Where local files meet the app: the window-wide drop target, the home page's button, the bar above a local
// answer, the state shown when a local answer's files are gone (a reload), and the viewer pane of a missing file.

function useActions() {
  const onOpened = useCallback((id: string) => {
    if (useViewStore.getState().view.answer !== id) useViewStore.getState().openAnswer(id);
  }, []);
  return useLocalFileActions(onOpened);
}

/** The drop overlay and the notices, for the full app (never in embed mode: a portal hands answers over itself). */
export function LocalFilesLayer() {
  const actions = useActions();
  const onFiles = useCallback((files: File[]) => void actions.openFiles(files, useViewStore.getState().view.answer), [actions]);
  return (
    <>
      <DropOverlay onFiles={onFiles} />
      <LocalNotice />
    </>
  );
}

export function OpenLocalFilesButton() {
  const actions = useActions();
  return (
    <FilePickButton onFiles={(files) => void actions.openFiles(files)} inputLabel="Open local files">
      Open local files…
    </FilePickButton>
  );
}

/** A local answer's view: its bar above it, or, when its files are not open (a reload, a shared link), the way back. */
export function LocalAnswerFrame({ answerId, children }: { answerId: string; children: ReactNode }) {
  const local = useLocalFilesStore((s) => s.current);
  const actions = useActions();
  if (!isLocalAnswerId(answerId)) return children;
  if (!local || local.id !== answerId) return <ReopenPanel onFiles={(files) => void actions.openFiles(files)} />;
  return (
    <>
      <LocalAnswerBar local={local} missing={missingDocuments(local)} onAddFiles={actions.addDocuments} onClose={() => {
        actions.close();
        useViewStore.getState().openAnswer(undefined);
      }} />
      {children}
    </>
  );
}

/** The document `documentId` when it belongs to a local answer and its file has not been given. */
export function missingLocalDocument(documents: readonly DocumentRef[], documentId: string): DocumentRef | null {
  const doc = documents.find((d) => d.id === documentId);
  return doc && isMissingLocalFile(doc) ? doc : null;
}

/** The viewer pane for a local answer's document without its file (the switcher still reaches the others). */
export function MissingLocalDocument({ documents, doc }: { documents: DocumentRef[]; doc: DocumentRef }) {
  const actions = useActions();
  const documentId = doc.id;
  return (
    <div data-viewer="" role="region" aria-label="Source viewer" className="flex h-full min-h-0 flex-col bg-slate-100">
      {documents.length > 1 ? (
        <div role="toolbar" aria-label="Source viewer controls" className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-1.5 text-sm">
          <DocumentSwitcher documents={documents} documentId={documentId} onDocumentChange={useViewStore.getState().showDocument} />
        </div>
      ) : null}
      <div className="min-h-0 flex-1">
        <MissingDocument doc={doc} onAddFiles={actions.addDocuments} />
      </div>
    </div>
  );
}

import { useCallback, type ReactNode } from 'react';
import { DropOverlay } from '../../features/local-files/drop-overlay.tsx';
import { FilePickButton } from '../../features/local-files/file-pick-button.tsx';
import { LocalAnswerBar } from '../../features/local-files/local-answer-bar.tsx';
import { isLocalAnswerId, missingDocuments } from '../../features/local-files/local-answer.ts';
import { useLocalFilesStore } from '../../features/local-files/local-files-store.ts';
import { LocalNotice } from '../../features/local-files/local-notice.tsx';
import { ReopenPanel } from '../../features/local-files/reopen-panel.tsx';
import { useLocalFileActions } from '../../features/local-files/use-local-files.ts';
import { useViewStore } from '../navigation/view-store.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// Where local files meet the app: the window-wide drop target, the home page's button, the bar above a local
// answer and the state shown when a local answer's files are gone (a reload). The viewer pane of a missing file is
// in missing-local-document.tsx, with the answer view: it shows the viewer's document switcher, which the home page
// must not load.

/** Local-file actions that open what they read in the app. */
export function useLocalAnswerActions() {
  const onOpened = useCallback((id: string) => {
    if (useViewStore.getState().view.answer !== id) useViewStore.getState().openAnswer(id);
  }, []);
  return useLocalFileActions(onOpened);
}

/** The drop overlay and the notices, for the full app (never in embed mode: a portal hands answers over itself). */
export function LocalFilesLayer() {
  const actions = useLocalAnswerActions();
  const onFiles = useCallback((files: File[]) => void actions.openFiles(files, useViewStore.getState().view.answer), [actions]);
  return (
    <>
      <DropOverlay onFiles={onFiles} />
      <LocalNotice />
    </>
  );
}

export function OpenLocalFilesButton() {
  const actions = useLocalAnswerActions();
  const t = useTranslate();
  return (
    <FilePickButton onFiles={(files) => void actions.openFiles(files)} inputLabel={t('local.openLabel')}>
      {t('local.open')}
    </FilePickButton>
  );
}

/** A local answer's view: its bar above it, or, when its files are not open (a reload, a shared link), the way back. */
export function LocalAnswerFrame({ answerId, children }: { answerId: string; children: ReactNode }) {
  const local = useLocalFilesStore((s) => s.current);
  const actions = useLocalAnswerActions();
  if (!isLocalAnswerId(answerId)) return children;
  if (!local || local.id !== answerId) return <ReopenPanel onFiles={(files) => void actions.openFiles(files)} />;
  return (
    <>
      <LocalAnswerBar
        local={local}
        missing={missingDocuments(local)}
        onAddFiles={actions.addDocuments}
        onClose={() => {
          actions.close();
          useViewStore.getState().openAnswer(undefined);
        }}
      />
      {children}
    </>
  );
}

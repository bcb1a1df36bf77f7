import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { holdAnswer, releaseAnswer } from '../../api/inline-answers.ts';
import { queryKeys } from '../../api/queries.ts';
import { attachFiles, composeAnswer, isAnswerFile, LocalFileError, readAnswerFile, type LocalAnswer } from './local-answer.ts';
import { useLocalFilesStore } from './local-files-store.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// Opening local files, adding documents to the open local answer and closing it. The answer is put where every
// reader of answers looks (the in-memory answers and React Query's cache), so the answer view, the review panel and
// the checks treat it like a fetched answer.

export interface LocalFileActions {
  /**
   * Files picked or dropped: an answer JSON (and its documents) opens a new local answer; documents alone go to the
   * local answer on screen (`shownAnswerId`). Resolves when done; failures become the store's notice.
   */
  openFiles(files: readonly File[], shownAnswerId?: string): Promise<void>;
  /** Documents for the open local answer (a missing document's "Add file…"). */
  addDocuments(files: readonly File[]): void;
  close(): void;
}

export function useLocalFileActions(onOpened: (answerId: string) => void): LocalFileActions {
  const queryClient = useQueryClient();
  // The notices are written in the UI language of the moment they appear (a notice is short-lived).
  const t = useTranslate();
  return useMemo(() => {
    const store = useLocalFilesStore;
    const publish = (local: LocalAnswer) => {
      const result = composeAnswer(local);
      holdAnswer(local.id, result);
      queryClient.setQueryData(queryKeys.answer(local.id), result);
      const previous = store.getState().current;
      if (previous && previous.id !== local.id) forget(previous.id);
      store.getState().setCurrent(local);
    };
    const forget = (id: string) => {
      releaseAnswer(id);
      queryClient.removeQueries({ queryKey: queryKeys.answer(id) });
    };
    const addDocuments = (files: readonly File[]) => {
      const current = store.getState().current;
      if (!current || files.length === 0) return;
      publish(attachFiles(current, files));
      store.getState().notify(null);
    };
    return {
      addDocuments,
      openFiles: async (files, shownAnswerId) => {
        const answers = files.filter(isAnswerFile);
        const documents = files.filter((f) => !isAnswerFile(f));
        const current = store.getState().current;
        if (answers.length === 0) {
          if (current && current.id === shownAnswerId) addDocuments(documents);
          else store.getState().notify({ kind: 'note', message: t('local.documentsAlone') });
          return;
        }
        const [answerFile, ...others] = answers;
        let read;
        try {
          read = await readAnswerFile(
            answerFile!,
            documents.map((f) => f.name),
          );
        } catch (e) {
          if (!(e instanceof LocalFileError)) throw e;
          const message = e.problem
            ? t(e.problem.kind === 'unreadable' ? 'local.unreadable' : 'local.notJson', { file: e.file, detail: e.problem.detail })
            : e.message;
          store.getState().notify({ kind: 'error', title: t('local.couldNotOpen', { file: e.file }), message });
          return;
        }
        publish(attachFiles({ id: read.id, answerFile: answerFile!.name, read: read.read }, documents));
        store
          .getState()
          .notify(
            others.length > 0
              ? { kind: 'note', message: t('local.oneAtATime', { count: others.length, names: others.map((f) => f.name).join(t('local.nameSeparator')) }) }
              : null,
          );
        onOpened(read.id);
      },
      close: () => {
        const current = store.getState().current;
        if (!current) return;
        forget(current.id);
        store.getState().setCurrent(null);
      },
    };
  }, [queryClient, onOpened, t]);
}

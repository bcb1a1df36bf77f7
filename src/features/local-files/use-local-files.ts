import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { holdAnswer, releaseAnswer } from '../../api/inline-answers.ts';
import { queryKeys } from '../../api/queries.ts';
import { isAnswerFile, type LocalAnswer } from './local-answer.ts';
import { useLocalFilesStore } from './local-files-store.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// Opening local files, adding documents to the open local answer and closing it. The answer is put where every
// reader of answers looks (the in-memory answers and React Query's cache), so the answer view, the review panel and
// the checks treat it like a fetched answer. The reading itself (read-local-answer.ts) is imported when files come,
// not with the app (issue #37).

const reading = () => import('./read-local-answer.ts');
type Reading = Awaited<ReturnType<typeof reading>>;

export interface LocalFileActions {
  /**
   * Files picked or dropped: an answer JSON (and its documents) opens a new local answer; documents alone go to the
   * local answer on screen (`shownAnswerId`). Resolves when done; failures become the store's notice.
   */
  openFiles(files: readonly File[], shownAnswerId?: string): Promise<void>;
  /** Documents for the open local answer (a missing document's "Add file…"). */
  addDocuments(files: readonly File[]): Promise<void>;
  close(): void;
}

export function useLocalFileActions(onOpened: (answerId: string) => void): LocalFileActions {
  const queryClient = useQueryClient();
  // The notices are written in the UI language of the moment they appear (a notice is short-lived).
  const t = useTranslate();
  return useMemo(() => {
    const store = useLocalFilesStore;
    const publish = (local: LocalAnswer, { composeAnswer }: Reading) => {
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
    // The reading code did not download (a dropped connection): said like a file that could not be read, and the
    // same drop or pick works once the connection is back.
    const load = async (file: string): Promise<Reading | null> => {
      try {
        return await reading();
      } catch (e) {
        store.getState().notify({ kind: 'error', title: t('local.couldNotOpen', { file }), message: e instanceof Error ? e.message : String(e) });
        return null;
      }
    };
    const addDocuments = async (files: readonly File[]) => {
      if (!store.getState().current || files.length === 0) return;
      const read = await load(files[0]!.name);
      if (!read) return;
      // Read again after the wait: the answer may have been closed or replaced meanwhile.
      const current = store.getState().current;
      if (!current) return;
      publish(read.attachFiles(current, files), read);
      store.getState().notify(null);
    };
    return {
      addDocuments,
      openFiles: async (files, shownAnswerId) => {
        const answers = files.filter(isAnswerFile);
        const documents = files.filter((f) => !isAnswerFile(f));
        const current = store.getState().current;
        if (answers.length === 0) {
          if (current && current.id === shownAnswerId) await addDocuments(documents);
          else store.getState().notify({ kind: 'note', message: t('local.documentsAlone') });
          return;
        }
        const [answerFile, ...others] = answers;
        const code = await load(answerFile!.name);
        if (!code) return;
        let read;
        try {
          read = await code.readAnswerFile(
            answerFile!,
            documents.map((f) => f.name),
          );
        } catch (e) {
          if (!(e instanceof code.LocalFileError)) throw e;
          const message = e.problem
            ? t(e.problem.kind === 'unreadable' ? 'local.unreadable' : 'local.notJson', { file: e.file, detail: e.problem.detail })
            : e.message;
          store.getState().notify({ kind: 'error', title: t('local.couldNotOpen', { file: e.file }), message });
          return;
        }
        publish(code.attachFiles({ id: read.id, answerFile: answerFile!.name, read: read.read }, documents), code);
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

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Thread } from '../../api/ask-schema.ts';
import type { AnswerResult } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { threadKeys } from '../../api/thread-queries.ts';
import { applyDraftEvent, type StreamDraft } from '../../features/answer/draft-events.ts';
import type { QuestionBoxStatus } from '../../features/answer/question-box.tsx';

// Asking, as the question boxes need it (issue #12). The typed text stays in the box until the answer is stored, so
// Stop, an `error` event or a broken connection never lose it; Retry sends it again. Unmounting aborts the request.

export type AskState = { kind: 'idle' } | { kind: 'streaming'; draft: StreamDraft } | { kind: 'failed'; message: string };

export interface Ask {
  input: string;
  setInput(value: string): void;
  state: AskState;
  /** The question box's view of `state`. */
  status: QuestionBoxStatus;
  send(): void;
  stop(): void;
}

/**
 * `answerId`: ask a follow-up in that answer's thread (streamed: `state.draft` grows as it arrives); absent: a new
 * thread (one JSON request). `onDone` gets the stored answer, already in React Query's cache.
 */
export function useAsk({ answerId, onDone }: { answerId?: string; onDone(result: AnswerResult): void }): Ask {
  const queryClient = useQueryClient();
  const [input, setInput] = useState('');
  const [state, setState] = useState<AskState>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);
  const done = useRef(onDone);
  useLayoutEffect(() => {
    done.current = onDone;
  });
  useEffect(() => () => running.current?.abort(), []);

  const send = useCallback(() => {
    const question = input.trim();
    if (!question) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const request = { question, ...(answerId !== undefined && { answerId }) };
    setState({ kind: 'streaming', draft: { question, text: '', sources: [] } });
    // The asking code is imported with the first question, not with the page (issue #37); a failed download is a
    // failed question, with Retry.
    const asked = import('../../api/ask-client.ts').then(({ askQuestion, streamQuestion }) =>
      answerId === undefined
        ? askQuestion(request, controller.signal)
        : streamQuestion(
            request,
            (event) => {
              if (!controller.signal.aborted) setState((s) => (s.kind === 'streaming' ? { kind: 'streaming', draft: applyDraftEvent(s.draft, event) } : s));
            },
            controller.signal,
          ),
    );
    asked.then(
      (result) => {
        if (controller.signal.aborted) return;
        running.current = null;
        storeAnswer(queryClient, result);
        setInput('');
        setState({ kind: 'idle' });
        done.current(result);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        running.current = null;
        setState({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
      },
    );
  }, [input, answerId, queryClient]);

  const stop = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState({ kind: 'idle' });
  }, []);

  const status: QuestionBoxStatus =
    state.kind === 'streaming' ? { kind: 'sending' } : state.kind === 'failed' ? { kind: 'failed', message: state.message } : { kind: 'idle' };
  return { input, setInput, state, status, send, stop };
}

/**
 * Puts a new answer where every reader finds it: its own cache entry (so opening it costs no request) and its
 * thread's turns (so the new turn shows at once, where the draft was), then refetches the thread to be sure.
 */
function storeAnswer(queryClient: QueryClient, result: AnswerResult): void {
  const answer = result.answer;
  queryClient.setQueryData(queryKeys.answer(answer.id), result);
  const thread = answer.thread;
  if (!thread) return;
  queryClient.setQueryData<Thread | null>(threadKeys.thread(thread.id), (old) => {
    if (!old) return old;
    if (old.turns.some((t) => t.answerId === answer.id)) return old;
    return { ...old, turns: [...old.turns, { answerId: answer.id, question: answer.question ?? '', turn: thread.turn }] };
  });
  void queryClient.invalidateQueries({ queryKey: threadKeys.thread(thread.id) });
}

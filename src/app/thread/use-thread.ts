import { useQuery } from '@tanstack/react-query';
import type { ThreadTurn } from '../../api/ask-schema.ts';
import { isInlineAnswerId } from '../../api/inline-answers.ts';
import { threadQuery } from '../../api/thread-queries.ts';
import type { Answer } from '../../core/model/types.ts';
import { useViewStore } from '../navigation/view-store.ts';

// The conversation an answer belongs to (issue #12), and which of its turns is active: the one whose citations,
// review and document are shown (`turn` in the link, docs/urls.md).

export interface ThreadView {
  /** In order; a single turn for an answer outside any thread (or while its thread loads). */
  turns: ThreadTurn[];
  active: ThreadTurn;
  /** The turn the opened answer itself is: the default when the link names no turn. */
  own: number;
  /** The thread could not be loaded (the answer is shown on its own meanwhile). */
  error: unknown;
}

/**
 * The turn `requested` names when the thread has it; otherwise the opened answer's own turn. (A link keeps opening
 * the same answer as its thread grows; a stale or mistyped `turn` still opens something sensible.)
 */
export function pickTurn(turns: readonly ThreadTurn[], own: number, requested: number | undefined): ThreadTurn | undefined {
  return turns.find((t) => t.turn === requested) ?? turns.find((t) => t.turn === own);
}

/** The thread's turns in order, the opened answer always among them. */
export function threadTurns(answer: Answer, listed: readonly ThreadTurn[] | undefined): ThreadTurn[] {
  const ownTurn: ThreadTurn = { answerId: answer.id, question: answer.question ?? '', turn: answer.thread?.turn ?? 1 };
  const turns = (listed ?? []).filter((t) => t.answerId !== answer.id);
  return [...turns, ownTurn].sort((a, b) => a.turn - b.turn);
}

/**
 * Only answers that say they are in a thread ask for it, so answers from before threads (and servers without the
 * route) make no extra request. Embedded views show the one answer they were given: a signed link's session token
 * reads that answer only.
 */
export function useThreadView(answer: Answer): ThreadView {
  const embedded = useViewStore((s) => s.embedded);
  const requested = useViewStore((s) => s.view.turn);
  const rootId = !embedded && answer.thread && !isInlineAnswerId(answer.id) ? answer.thread.id : undefined;
  const query = useQuery({ ...threadQuery(rootId ?? ''), enabled: rootId !== undefined });
  const turns = threadTurns(answer, query.data?.turns);
  const own = answer.thread?.turn ?? 1;
  const active = pickTurn(turns, own, requested) ?? turns[turns.length - 1]!;
  return { turns, active, own, error: query.error };
}

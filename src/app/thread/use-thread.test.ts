import { describe, expect, it } from 'vitest';
import type { Answer } from '../../core/model/types.ts';
import { pickTurn, threadTurns } from './use-thread.ts';

const answer = (id: string, thread?: { id: string; turn: number }): Answer => ({
  id,
  question: `q ${id}`,
  text: 't',
  documents: [],
  sources: [],
  ...(thread && { thread }),
});
const turns = [
  { answerId: 'root', question: 'q root', turn: 1 },
  { answerId: 'b', question: 'q b', turn: 2 },
  { answerId: 'c', question: 'q c', turn: 3 },
];

describe('the turns of a conversation', () => {
  it('lists the thread in turn order, and an answer outside any thread as its only turn', () => {
    expect(threadTurns(answer('b', { id: 'root', turn: 2 }), [turns[2]!, turns[0]!, turns[1]!]).map((t) => t.answerId)).toEqual(['root', 'b', 'c']);
    expect(threadTurns(answer('plain'), undefined)).toEqual([{ answerId: 'plain', question: 'q plain', turn: 1 }]);
  });

  it('keeps the opened answer among the turns while a stale thread list does not have it yet', () => {
    expect(threadTurns(answer('d', { id: 'root', turn: 4 }), turns).map((t) => [t.answerId, t.turn])).toEqual([
      ['root', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
  });

  it('opens the turn the link names, else the opened answer’s own turn (never the newest one)', () => {
    expect(pickTurn(turns, 2, 3)?.answerId).toBe('c');
    expect(pickTurn(turns, 2, undefined)?.answerId).toBe('b');
    expect(pickTurn(turns, 2, 9)?.answerId).toBe('b');
    expect(pickTurn(turns.slice(0, 1), 1, 2)?.answerId).toBe('root');
  });
});

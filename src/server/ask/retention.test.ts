// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openServerDatabase } from '../review/open-database.ts';
import { askedAt, newAnswerId } from './answer-store.ts';
import { AnswerRetention, answersToRemove, type AskedAnswer } from './retention.ts';

// Issue 34, break 9 (a cap and a retention for asked answers), over the database the answers live in since issue 39.

const root = mkdtempSync(path.join(tmpdir(), 'citelens-retention-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const DAY = 24 * 60 * 60 * 1000;
const asked = (n: number, at = (i: number) => 1_000_000 + i * 1000): AskedAnswer[] =>
  Array.from({ length: n }, (_, i) => ({ id: `ask-${i}`, createdAt: at(i) }));

describe('answersToRemove', () => {
  it('past the cap, the oldest unreviewed go first, down to 95 % of the cap', () => {
    const all = asked(12);
    const reviewed = new Set(['ask-0', 'ask-2']);
    expect(answersToRemove(all, reviewed, { maxAnswers: 10, maxAgeDays: 0 }, 0)).toEqual(['ask-1', 'ask-3', 'ask-4']);
  });

  it('reviewed answers go only when nothing unreviewed is left', () => {
    const all = asked(5);
    expect(answersToRemove(all, new Set(all.map((a) => a.id)), { maxAnswers: 4, maxAgeDays: 0 }, 0)).toEqual(['ask-0', 'ask-1']);
    expect(answersToRemove(all, new Set(['ask-0', 'ask-1', 'ask-2']), { maxAnswers: 4, maxAgeDays: 0 }, 0)).toEqual(['ask-3', 'ask-4']);
  });

  it('unreviewed answers older than the age limit go, reviewed ones stay; nothing goes under the limits', () => {
    const now = 100 * DAY;
    const all = asked(4, (i) => now - (40 - i * 10) * DAY); // 40, 30, 20, 10 days old
    expect(answersToRemove(all, new Set(['ask-0']), { maxAnswers: 0, maxAgeDays: 25 }, now)).toEqual(['ask-1']);
    expect(answersToRemove(all, new Set(), { maxAnswers: 10, maxAgeDays: 0 }, now)).toEqual([]);
  });
});

describe('the database store and the retention together', () => {
  it('keeps at most the cap of asked answers, the reviewed one untouched', async () => {
    const db = await openServerDatabase({ kind: 'sqlite', file: path.join(root, 'cap', 'reviews.sqlite') });
    const store = db.asked;
    let now = Date.now();
    const warn = vi.fn();
    const retention = new AnswerRetention(store, {
      policy: { maxAnswers: 20, maxAgeDays: 0 },
      reviewed: async (ids) => new Set(ids.filter((id) => id === first)),
      warn,
      now: () => now,
    });
    let first = '';
    try {
      for (let i = 0; i < 60; i++) {
        const id = newAnswerId((now += 1000));
        if (i === 0) first = id;
        expect(await store.insert({ id, question: `q${i}`, thread: { id, turn: 1 } }, now)).toBe('saved');
        await retention.afterSave();
        expect((await store.askedAnswers()).length).toBeLessThanOrEqual(20);
      }
      const left = (await store.summaries()).map((a) => a.id);
      expect(left).toContain(first);
      expect(left.length).toBeGreaterThanOrEqual(19);
      expect(await store.get(left.at(-1)!)).toMatchObject({ question: 'q59' });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^removed \d+ asked answer\(s\), oldest unreviewed first/));
    } finally {
      await db.review.close();
    }
  });

  it('reads when an answer was asked from its id', () => {
    expect(askedAt(newAnswerId(1_796_000_000_000))).toBe(1_796_000_000_000);
    expect(askedAt('vendor-access')).toBeNull();
  });
});

describe('a full database', () => {
  it('a save that does not fit says the cause, and stores nothing', async () => {
    const file = path.join(root, 'full', 'reviews.sqlite');
    // A page cap just above what the schema takes: the database is "full" after a few answers.
    const db = await openServerDatabase({ kind: 'sqlite', file }, { onSqliteOpen: (sqlite) => void sqlite.pragma('max_page_count = 40') });
    const big = 'x'.repeat(20_000);
    let failure: unknown = null;
    try {
      for (let i = 0; i < 100 && failure === null; i++) {
        const id = newAnswerId();
        await db.asked.insert({ id, question: big, thread: { id, turn: 1 } }, Date.now()).catch((e: unknown) => (failure = e));
      }
      expect(String(failure)).toMatch(/^AnswerStoreError: cannot store answer ask-[0-9a-z]+-[0-9a-f]{8}: .*full/);
    } finally {
      await db.review.close();
    }
  });
});

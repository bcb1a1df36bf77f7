// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AnswerStore, askedAt, newAnswerId } from './answer-store.ts';
import { AnswerRetention, answersToRemove, type AskedAnswer } from './retention.ts';

// Issue 34, break 9 (a cap and a retention for asked answers) and break 6 (a full data folder left 251 empty
// `.ask-*.tmp` files).

// The file system "fills up" on demand: writeFile then creates its file and fails with ENOSPC, as a full disk does.
const disk = vi.hoisted(() => ({ full: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    writeFile: async (...args: Parameters<typeof actual.writeFile>) => {
      if (!disk.full) return actual.writeFile(...args);
      await actual.appendFile(args[0] as string, '');
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    },
  };
});

const root = mkdtempSync(path.join(tmpdir(), 'citelens-retention-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const DAY = 24 * 60 * 60 * 1000;
const asked = (n: number, at = (i: number) => 1_000_000 + i * 1000): AskedAnswer[] => Array.from({ length: n }, (_, i) => ({ id: `ask-${i}`, createdAt: at(i) }));

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

describe('the store and the retention together', () => {
  it('keeps at most the cap of asked answers in answers/, the reviewed one and other answers untouched', async () => {
    const answers = path.join(root, 'cap', 'answers');
    mkdirSync(answers, { recursive: true });
    writeFileSync(path.join(answers, 'demo.json'), '{}');
    const store = new AnswerStore(answers);
    let now = Date.now();
    const warn = vi.fn();
    const retention = new AnswerRetention(store, { policy: { maxAnswers: 20, maxAgeDays: 0 }, reviewed: async (ids) => new Set(ids.filter((id) => id === first)), warn, now: () => now });
    let first = '';
    for (let i = 0; i < 60; i++) {
      const id = newAnswerId((now += 1000));
      if (i === 0) first = id;
      await store.save({ id, question: `q${i}`, text: 'a', documents: [], sources: [] });
      await retention.afterSave();
      expect((await store.askedAnswers()).length).toBeLessThanOrEqual(20);
    }
    const left = readdirSync(answers);
    expect(left).toContain('demo.json');
    expect(left).toContain(`${first}.json`);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^removed \d+ asked answer\(s\), oldest unreviewed first/));
  });

  it('reads when an answer was asked from its id', () => {
    expect(askedAt(newAnswerId(1_796_000_000_000))).toBe(1_796_000_000_000);
    expect(askedAt('vendor-access')).toBeNull();
  });
});

describe('temp files of answer saves', () => {
  it('a save that fails leaves no temp file, and says the cause', async () => {
    const answers = path.join(root, 'full', 'answers');
    const store = new AnswerStore(answers);
    mkdirSync(answers, { recursive: true });
    disk.full = true;
    try {
      for (let i = 0; i < 5; i++) {
        await expect(store.save({ id: newAnswerId(), question: 'q', text: 'a', documents: [], sources: [] })).rejects.toThrow(
          /^cannot store answers\/ask-[0-9a-z]+-[0-9a-f]{8}\.json: the disk is full \(ENOSPC\)$/,
        );
      }
    } finally {
      disk.full = false;
    }
    expect(readdirSync(answers)).toEqual([]);
  });

  it('the ones a crash left behind are swept, fresh ones of a save in progress are not', async () => {
    const answers = path.join(root, 'crash', 'answers');
    mkdirSync(answers, { recursive: true });
    const old = path.join(answers, '.ask-mx1-0123abcd.4f3e2d1c.tmp');
    const fresh = path.join(answers, '.ask-mx2-0123abcd.9a8b7c6d.tmp');
    writeFileSync(old, '');
    writeFileSync(fresh, '');
    utimesSync(old, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    expect(await new AnswerStore(answers).sweepTempFiles()).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});

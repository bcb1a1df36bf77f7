import { describe, expect, it } from 'vitest';
import type { ClaimRecord } from '../../api/review-schema.ts';
import type { ReviewFlag } from '../../core/review/types.ts';
import { filterValue, matchesFilter, mergeDecisions, parseFilterValue, progressText, reviewProgress, type ClaimFilter } from './decision-state.ts';
import { entryKey, type OutboxEntry } from './outbox/outbox-types.ts';

const rec = (over: Partial<ClaimRecord> = {}): ClaimRecord => ({
  decision: 'verified',
  note: '',
  version: 1,
  updatedAt: '2026-01-01T00:00:00Z',
  reviewer: 'ben',
  ...over,
});

function entry(claimId: string, over: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    key: entryKey('a', claimId),
    answerId: 'a',
    claimId,
    decision: 'rejected',
    note: 'mine',
    baseVersion: 1,
    reviewer: 'ana',
    decidedAt: Date.UTC(2026, 0, 2),
    seq: 1,
    state: { kind: 'pending', attempts: 0, nextAttemptAt: 0 },
    ...over,
  };
}

describe('mergeDecisions', () => {
  it("shows the reviewer's unsent decision over the server record, with how far it got", () => {
    const server = { kind: 'held' as const, claims: { c1: rec(), c2: rec({ decision: 'follow-up' }), c3: rec() } };
    const entries = [
      entry('c1'),
      entry('c2', { state: { kind: 'pending', attempts: 2, nextAttemptAt: 5, lastError: 'down' } }),
      entry('c3', { state: { kind: 'conflict', theirs: rec({ decision: 'follow-up', version: 2 }) } }),
      entry('c4', { answerId: 'other', key: entryKey('other', 'c4') }),
    ];
    const m = mergeDecisions({ answerId: 'a', server, entries, sending: new Set([entryKey('a', 'c1')]), local: [] });
    expect(m.get('c1')).toMatchObject({ decision: 'rejected', note: 'mine', sync: { kind: 'saving' } });
    expect(m.get('c2')).toMatchObject({ decision: 'rejected', sync: { kind: 'queued', attempts: 2, lastError: 'down' } });
    expect(m.get('c3')?.sync).toMatchObject({ kind: 'conflict', theirs: { decision: 'follow-up' } });
    expect(m.has('c4')).toBe(false);
  });

  it('marks stored decisions saved and local-only ones local', () => {
    const server = { kind: 'held' as const, claims: { c1: rec({ version: 3, reviewer: 'ben' }) } };
    const local = [
      { key: entryKey('a', 'c2'), answerId: 'a', claimId: 'c2', decision: 'follow-up' as const, note: '', version: 1, reviewer: 'ana', updatedAt: 'x' },
    ];
    const m = mergeDecisions({ answerId: 'a', server, entries: [], sending: new Set(), local });
    expect(m.get('c1')).toMatchObject({ decision: 'verified', version: 3, reviewer: 'ben', sync: { kind: 'saved' } });
    expect(m.get('c2')).toMatchObject({ decision: 'follow-up', sync: { kind: 'local' } });
  });
});

describe('progress', () => {
  it("counts decisions among the answer's claims only, and says it in one line", () => {
    const server = { kind: 'held' as const, claims: { c1: rec(), c2: rec({ decision: 'rejected' }), c3: rec({ decision: null, note: 'later' }), gone: rec() } };
    const m = mergeDecisions({ answerId: 'a', server, entries: [entry('c4', { decision: 'follow-up' })], sending: new Set(), local: [] });
    const p = reviewProgress(['c1', 'c2', 'c3', 'c4', 'c5'], m);
    expect(p).toMatchObject({ total: 5, reviewed: 3, verified: 1, rejected: 1, followUp: 1, unsynced: 1 });
    expect(progressText(p)).toBe('3 of 5 reviewed, 1 rejected, 1 to follow up');
    expect(progressText(reviewProgress(['c1'], new Map()))).toBe('0 of 1 reviewed');
  });
});

describe('filter', () => {
  const flag = (code: ReviewFlag['code'], severity: ReviewFlag['severity']): ReviewFlag => ({ code, severity, reason: '', evidence: {} });
  const flags = [flag('wrong-page', 'warning')];
  const verified = { decision: 'verified' as const, note: '', version: 1, sync: { kind: 'saved' as const } };

  it('picks claims by decision or by flag', () => {
    expect(matchesFilter({ kind: 'undecided' }, [], undefined)).toBe(true);
    expect(matchesFilter({ kind: 'undecided' }, [], verified)).toBe(false);
    expect(matchesFilter({ kind: 'decision', decision: 'verified' }, [], verified)).toBe(true);
    expect(matchesFilter({ kind: 'decision', decision: 'rejected' }, [], verified)).toBe(false);
    expect(matchesFilter({ kind: 'flagged' }, flags, undefined)).toBe(true);
    expect(matchesFilter({ kind: 'flagged' }, [], undefined)).toBe(false);
    expect(matchesFilter({ kind: 'severity', severity: 'warning' }, flags, undefined)).toBe(true);
    expect(matchesFilter({ kind: 'severity', severity: 'error' }, flags, undefined)).toBe(false);
    expect(matchesFilter({ kind: 'flag', code: 'wrong-page' }, flags, undefined)).toBe(true);
    expect(matchesFilter({ kind: 'flag', code: 'uncited' }, flags, undefined)).toBe(false);
  });

  it('round-trips through the <select> value, and reads junk as "all"', () => {
    const all: ClaimFilter[] = [
      { kind: 'all' },
      { kind: 'undecided' },
      { kind: 'flagged' },
      { kind: 'decision', decision: 'follow-up' },
      { kind: 'severity', severity: 'error' },
      { kind: 'flag', code: 'quote-altered' },
    ];
    for (const f of all) expect(parseFilterValue(filterValue(f))).toEqual(f);
    expect(parseFilterValue('decision:maybe')).toEqual({ kind: 'all' });
  });
});

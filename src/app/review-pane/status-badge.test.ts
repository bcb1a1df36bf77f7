import { describe, expect, it } from 'vitest';
import { statusBadge } from './status-badge.ts';

// What a reviewer reads at a glance for each kind of citation status: the tone says good/doubtful/bad, the words
// carry the numbers (score, page found, pages searched).

describe('statusBadge', () => {
  it('names the page, the match score and the page a quote was really found on', () => {
    expect(statusBadge({ kind: 'located', page: 4, rects: [] })).toMatchObject({ tone: 'ok', short: 'p. 4' });
    expect(statusBadge({ kind: 'located', page: 4, pageEnd: 5, rects: [] }).short).toBe('pp. 4–5');
    const approx = statusBadge({ kind: 'approximate', score: 0.874, page: 3, rects: [], text: 'x' });
    expect(approx).toMatchObject({ tone: 'approx', short: '≈ 87 % · p. 3' });
    expect(approx.long).toContain('87 %');
    const moved = statusBadge({ kind: 'wrong-page', score: 1, foundPage: 7, claimedPages: [3], rects: [], text: 'x' });
    expect(moved).toMatchObject({ tone: 'warn', short: 'found p. 7' });
    expect(moved.long).toBe('Cited as page 3, but the quote is on p. 7.');
  });

  it('says how far a failed search went, and what it cannot check', () => {
    const whole = statusBadge({
      kind: 'not-located',
      searched: { hintedPages: [2], nearbyPages: [1, 3, 4], wholeDocument: true, pageCount: 15, pagesWithoutText: [] },
      closest: { page: 9, text: 'y', score: 0.41, rects: [] },
    });
    expect(whole).toMatchObject({ tone: 'bad', short: 'not found' });
    expect(whole.long).toContain('all 15 pages searched');
    expect(whole.long).toContain('Closest passage: 41 % on p. 9');
    const partial = statusBadge({
      kind: 'not-located',
      searched: { hintedPages: [2], nearbyPages: [1, 3], wholeDocument: false, pageCount: 900, pagesWithoutText: [] },
    });
    expect(partial.long).toContain('pages searched (2, 1, 3)');
    expect(statusBadge({ kind: 'no-text-layer', pageCount: 3 })).toMatchObject({ tone: 'muted', short: 'no text layer' });
    expect(statusBadge({ kind: 'unavailable', status: 403, reason: 'The document is locked.' })).toEqual({
      tone: 'bad',
      short: 'locked',
      long: 'The document is locked.',
    });
    expect(statusBadge({ kind: 'unavailable', status: 404, reason: 'gone' }).short).toBe('missing');
    expect(statusBadge({ kind: 'pending' }).tone).toBe('pending');
    expect(statusBadge({ kind: 'document-level' }).short).toBe('whole document');
  });
});

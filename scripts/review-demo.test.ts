// @vitest-environment node
// The review demo answers (scripts/demo/review-answers.ts), audited in Node over the committed demo PDFs with the
// audit command's own code: every flag fires on the claim it was made for, and on no other.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlagCode, ReviewFlag } from '../src/core/review/types.ts';
import { readAnswerFile } from '../src/node/answer-file.ts';
import { auditAnswer, type AnswerAudit } from '../src/cli/audit-answer.ts';
import { runAudit } from '../src/cli/audit-command.ts';
import { DocumentStore } from '../src/cli/audit-documents.ts';

const demo = fileURLToPath(new URL('../src/server/demo-data/', import.meta.url));
const store = new DocumentStore(path.join(demo, 'documents'), (m) => {
  throw new Error(`unexpected warning: ${m}`);
});
const audits = new Map<string, AnswerAudit>();

beforeAll(async () => {
  for (const id of ['review-clean', 'review-citation-gaps', 'review-quote-checks', 'review-support', 'review-document-checks']) {
    const read = readAnswerFile(path.join(demo, 'answers', `${id}.json`));
    if (!read.ok) throw new Error(read.message);
    audits.set(id, await auditAnswer(read.answer, read.format, read.warnings, store, '2026-04-01T00:00:00.000Z'));
  }
}, 120_000);

afterAll(() => store.close());

/** Each claim's text (its first words) and every flag on it. */
function claimsOf(id: string): Array<{ text: string; flags: ReviewFlag[] }> {
  const a = audits.get(id)!;
  const text = new Map(a.review.entries.map((e) => [e.claimId, e.claim]));
  return a.result.claims.map((c) => ({ text: text.get(c.claimId)!, flags: c.flags }));
}

/** Claim (by its first words) → its flag codes, for every claim of the answer. */
function flagMap(id: string): Record<string, FlagCode[]> {
  return Object.fromEntries(claimsOf(id).map((c) => [c.text.split(' ').slice(0, 5).join(' '), c.flags.map((f) => f.code).sort()]));
}

function flagOn(id: string, claimStart: string, code: FlagCode): ReviewFlag {
  const claim = claimsOf(id).find((c) => c.text.startsWith(claimStart));
  expect(claim, `${id}: a claim starting “${claimStart}”`).toBeDefined();
  const f = claim!.flags.find((x) => x.code === code);
  expect(f, `${id}: ${code} on “${claimStart}”`).toBeDefined();
  return f!;
}

describe('the review demo answers, audited over the real demo PDFs', { timeout: 120_000 }, () => {
  it('review-clean has no flag at all and passes the release gate', () => {
    const a = audits.get('review-clean')!;
    expect(a.result.flags).toEqual([]);
    expect(a.pass).toBe(true);
    for (const m of Object.values(a.metrics)) expect(m).toEqual({ n: 3, m: 3 });
  });

  it('review-citation-gaps: uncited, invalid marker, weak relevance with its values, low confidence 0.55', () => {
    expect(flagMap('review-citation-gaps')).toEqual({
      'Vendors must use multi-factor authentication': [],
      'Passwords for Company systems must': ['uncited'],
      'Vendor connections must terminate in': ['weak-relevance'],
      'All privileged sessions by vendor': ['weak-relevance'],
      'Vendors must renew their security': ['invalid-marker'],
    });
    const a = audits.get('review-citation-gaps')!;
    expect(a.result.answerFlags.map((f) => [f.code, f.details?.score])).toEqual([['low-confidence', 0.55]]);
    expect(flagOn('review-citation-gaps', 'Vendor connections', 'weak-relevance').reason).toContain('is 0.31, below 0.50');
    expect(flagOn('review-citation-gaps', 'All privileged sessions', 'weak-relevance').details).toEqual({ score: 0.42, threshold: 0.5 });
    expect(flagOn('review-citation-gaps', 'Vendors must renew', 'invalid-marker').reason).toBe(
      'The marker [5] points to no source (the answer lists 3 sources).',
    );
    expect(a.pass).toBe(false);
  });

  it('review-quote-checks: quote not found, a number changed in the quote, wrong page, boxes over other words', () => {
    expect(flagMap('review-quote-checks')).toEqual({
      'Encryption keys must be rotated': ['quote-not-found'],
      'All Company data transmitted over': ['quote-altered'],
      'Company data stored by a': ['wrong-page'],
      'Vendors must use multi-factor authentication': ['highlight-misses-evidence'],
    });
    expect(flagOn('review-quote-checks', 'Encryption keys', 'quote-not-found').reason).toContain(
      'Searched page 6, pages 4, 5, 7 and 8 around it, then the rest of the document (15 pages in all).',
    );
    const altered = flagOn('review-quote-checks', 'All Company data transmitted', 'quote-altered');
    expect(altered.severity).toBe('error');
    expect(altered.details!.score).toBeGreaterThanOrEqual(0.6);
    expect(altered.details!.score).toBeLessThan(1);
    expect(altered.reason).toBe('The quote says “TLS 1.1”; page 5 of “Vendor Security Policy” says “TLS 1.2”.');
    expect(flagOn('review-quote-checks', 'Company data stored', 'wrong-page').details).toEqual({ foundPage: 5, claimedPages: [7] });
    const boxes = flagOn('review-quote-checks', 'Vendors must use', 'highlight-misses-evidence');
    expect(boxes.details!.score).toBeLessThan(0.5);
    expect(boxes.reason).toMatch(/^The highlighted boxes on page 2 cover “All privileged sessions by vendor personnel/u);
  });

  it('review-support: a number the evidence gives otherwise, backend verdicts, a claim that needs a look, and the backend report', () => {
    expect(flagMap('review-support')).toEqual({
      'A vendor that suspects its': ['contradicted'],
      'Logs of key management use': ['contradicted'],
      'Records subject to a legal': [],
      'Encryption keys must be stored': ['unsupported'],
      'Keys must be rotated by': ['needs-look'],
    });
    // the rules: 72 hours where the passage says 24 hours
    const rules = flagOn('review-support', 'A vendor that suspects', 'contradicted');
    expect(rules.severity).toBe('error');
    expect(rules.reason).toBe('Contradicted: the claim says 72 hours, the passage says 24 hours.');
    const backend = flagOn('review-support', 'Logs of key management', 'contradicted');
    expect(backend).toMatchObject({ severity: 'error', details: { verdict: 'contradicted', score: 0.08 } });
    expect(flagOn('review-support', 'Encryption keys must be stored', 'unsupported')).toMatchObject({ severity: 'warning', details: { verdict: 'partial' } });
    expect(flagOn('review-support', 'Keys must be rotated by', 'needs-look').severity).toBe('info');
    expect(audits.get('review-support')!.result.report).toMatchObject({
      groundingStatus: 'partially_grounded',
      consistencyStatus: 'conflict_detected',
      completenessStatus: 'partial',
      retryCount: 2,
      unreadable: [],
    });
  });

  it('review-document-checks: document-level only, version mismatch, evidence unavailable (403)', () => {
    expect(flagMap('review-document-checks')).toEqual({
      'A vendor holding Company records': ['document-level-only'],
      'All Company data transmitted over': ['version-mismatch'],
      'Vendors must keep every log': ['evidence-unavailable'],
    });
    expect(flagOn('review-document-checks', 'A vendor holding', 'document-level-only').reason).toContain('the quote was found on page 3');
    expect(flagOn('review-document-checks', 'All Company data', 'version-mismatch').details).toEqual({ expectedVersion: '2025-09', servedVersion: '2026-03' });
    expect(flagOn('review-document-checks', 'Vendors must keep', 'evidence-unavailable').details).toEqual({ httpStatus: 403 });
    expect(audits.get('review-document-checks')!.documents.find((d) => d.id === 'incident-response-plan')).toMatchObject({ access: 'unavailable', file: null });
  });

  it('shows every flag code somewhere', () => {
    const seen = new Set([...audits.values()].flatMap((a) => a.result.flags.map((f) => f.code)));
    expect([...seen].sort()).toEqual(
      [
        'contradicted',
        'document-level-only',
        'evidence-unavailable',
        'highlight-misses-evidence',
        'invalid-marker',
        'low-confidence',
        'needs-look',
        'quote-altered',
        'quote-not-found',
        'uncited',
        'unsupported',
        'version-mismatch',
        'weak-relevance',
        'wrong-page',
      ].sort(),
    );
  });

  it('citelens audit over the demo folder: the clean answer passes, every review answer with a flag that breaks the gate fails', async () => {
    let stdout = '';
    const code = await runAudit(
      [demo],
      (s) => void (stdout += s),
      () => undefined,
    );
    expect(code).toBe(1);
    const out = JSON.parse(stdout) as { answers: Array<{ answerId: string; pass: boolean }> };
    const verdict = Object.fromEntries(out.answers.filter((a) => a.answerId.startsWith('review-')).map((a) => [a.answerId, a.pass]));
    expect(verdict).toEqual({
      'review-citation-gaps': false,
      'review-clean': true,
      'review-document-checks': false,
      'review-quote-checks': false,
      'review-support': false,
    });
  }, 120_000);
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import type { Answer, Source } from '../../core/model/types.ts';
import { sourceVerdicts, TONE_RANK } from '../../core/review/citation-verdict.ts';
import { loadedDocumentCheck } from '../../core/review/document-check.ts';
import { buildReviewExport } from '../../core/review/export.ts';
import { reviewSources } from '../../core/review/review-answer.ts';
import type { CitationStatus, ReviewChecks, SourceCheck } from '../../core/review/types.ts';
import { panelClaims } from './panel-claims.ts';
import { reviewClaims } from './reviewed-claims.ts';
import { statusBadge, verdictBadge } from './status-badge.ts';
import { viewerChecks } from '../viewer-pane/viewer-checks.ts';
import { createTranslator } from '../../core/i18n/translate.ts';

// Issue #33 §2: one status per citation, the worst of all its checks, shown the same way on the marker, the reference,
// the preview, the claim card, the viewer, the embed's messages and the audit. Each of those reads it through one of
// the functions below; this property drives them all with random answers and random checks and holds them to it:
// no citation with an error-level check anywhere renders a success anywhere, and all views agree.

const EN = createTranslator('en');
const box = { page: 2, x0: 10, y0: 10, x1: 90, y1: 20 };
const QUOTES = ['Vendors must encrypt data at rest.', 'Keys are rotated every 90 days.', 'Logs are kept for 12 months.', 'Access is reviewed quarterly.'];

const statusArb: fc.Arbitrary<CitationStatus> = fc.oneof(
  fc.constant<CitationStatus>({ kind: 'pending' }),
  fc.constant<CitationStatus>({ kind: 'located', page: 2, rects: [box] }),
  fc.constant<CitationStatus>({ kind: 'approximate', score: 0.9, page: 2, rects: [box], text: 'x' }),
  fc.constant<CitationStatus>({ kind: 'wrong-page', score: 1, foundPage: 3, claimedPages: [2], rects: [{ ...box, page: 3 }], text: 'x' }),
  fc.constant<CitationStatus>({
    kind: 'differs',
    score: 0.9,
    page: 2,
    claimedPages: [2],
    rects: [box],
    text: 'x',
    differences: [{ kind: 'number', quote: '72 hours', document: '24 hours', rects: [box] }],
  }),
  fc.constant<CitationStatus>({
    kind: 'not-located',
    searched: { hintedPages: [2], nearbyPages: [1, 3], wholeDocument: true, pageCount: 4, pagesWithoutText: [] },
  }),
  fc.constant<CitationStatus>({ kind: 'no-text-layer', pageCount: 4 }),
  fc.constant<CitationStatus>({ kind: 'page-level', page: 2, boxes: [] }),
);

const sourceArb = fc.record({
  status: statusArb,
  boxesMatch: fc.option(fc.boolean(), { nil: undefined }),
  support: fc.option(fc.constantFrom('supported', 'contradicted', 'unsupported'), { nil: undefined }),
  version: fc.option(fc.constantFrom('v1', 'v2'), { nil: undefined }),
  relevance: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
});

const caseArb = fc.record({
  sources: fc.array(sourceArb, { minLength: 1, maxLength: 4 }),
  // each claim cites one or two sources (by index, wrapped)
  claims: fc.array(fc.array(fc.nat(), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 4 }),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function build({ sources, claims }: Case): { answer: Answer; checks: ReviewChecks } {
  const srcs: Source[] = sources.map((s, i) => ({
    id: `S${i + 1}`,
    documentId: 'doc',
    page: 2,
    quote: QUOTES[i % QUOTES.length]!,
    ...(s.boxesMatch !== undefined && { boxes: [box] }),
    ...(s.support && { support: { verdict: s.support } }),
    ...(s.version && { documentVersion: s.version }),
    ...(s.relevance !== undefined && { relevance: s.relevance }),
  }));
  const text = claims
    .map(
      (cited, c) => `Claim number ${c + 1} says something checkable ${[...new Set(cited.map((n) => (n % sources.length) + 1))].map((k) => `[${k}]`).join('')}.`,
    )
    .join(' ');
  const answer: Answer = {
    id: 'lattice',
    text,
    documents: [{ id: 'doc', title: 'Policy', url: '/api/documents/doc' }],
    sources: srcs,
    citations: srcs.map((s, i) => ({ n: i + 1, sourceId: s.id })),
  };
  const checked: Record<string, SourceCheck> = {};
  sources.forEach((s, i) => {
    const check: SourceCheck = { sourceId: `S${i + 1}`, status: s.status };
    if (s.boxesMatch !== undefined) check.boxes = { pages: [2], text: 'words', coverage: s.boxesMatch ? 1 : 0.2, matches: s.boxesMatch, pagesWithoutText: [] };
    checked[`S${i + 1}`] = check;
  });
  return { answer, checks: { documents: { doc: loadedDocumentCheck('doc', { pageCount: 4, version: 'v1' }) }, sources: checked } };
}

describe('one verdict per citation (property)', () => {
  it('every view agrees, and none shows success over a check that failed with an error', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { answer, checks } = build(c);
        const model = buildAnswerModel(answer);
        const reviewed = reviewClaims(answer, model, checks, []);
        const { result } = reviewed;
        const verdicts = sourceVerdicts(result, result.claims);
        const viewer = viewerChecks(verdicts, EN);
        const cards = panelClaims(reviewed, EN).claims.flatMap((claim) => claim.citations);
        const exported = buildReviewExport({ answer, model, result, exportedAt: '2026-12-07T00:00:00Z' }).entries;
        // before the claims are reviewed, the markers read the sources' own checks: never better than the full verdict
        const early = sourceVerdicts(reviewSources(answer, model, checks));
        for (const [sourceId, verdict] of Object.entries(verdicts)) {
          const tone = verdictBadge(verdict, EN).tone;
          const errors = [
            ...(result.sourceFlags[sourceId] ?? []),
            ...result.claims.flatMap((cl) => cl.citations.filter((x) => x.sourceId === sourceId).flatMap((x) => x.flags)),
          ].filter((f) => f.severity === 'error' && !['uncited', 'invalid-marker', 'weak-relevance', 'low-confidence', 'document-level-only'].includes(f.code));
          if (errors.length > 0 || statusBadge(verdict.status).tone === 'bad') expect(tone).toBe('bad');
          expect(TONE_RANK[tone]).toBeGreaterThanOrEqual(TONE_RANK[statusBadge(verdict.status).tone]);
          expect(viewer.get(sourceId)?.tone).toBe(tone);
          for (const card of cards.filter((x) => x.sourceId === sourceId)) expect(card.badge.tone).toBe(tone);
          for (const entry of exported.filter((e) => e.citation?.sourceId === sourceId)) expect(entry.verdict).toBe(tone);
          expect(TONE_RANK[early[sourceId]!.tone]).toBeLessThanOrEqual(TONE_RANK[tone]);
        }
      }),
      { numRuns: 300 },
    );
  });
});

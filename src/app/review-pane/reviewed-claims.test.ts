import { describe, expect, it } from 'vitest';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { loadedDocumentCheck } from '../../core/review/document-check.ts';
import type { ReviewChecks } from '../../core/review/types.ts';
import { panelClaims } from './panel-claims.ts';
import { answerReviewer, reviewClaims } from './reviewed-claims.ts';

// What the review worker computes for a long answer must be what the main thread computes for a short one, and must
// survive postMessage (structured clone) unchanged.

const answer: Answer = {
  id: 'a1',
  text: 'Vendors must use **MFA** for remote access [1]. Unused accounts are disabled after 30 days [2]. Nothing backs this. Vendors must use MFA for remote access [1].',
  documents: [{ id: 'policy', title: 'Vendor Security Policy', url: '/api/documents/policy' }],
  sources: [
    { id: 'S1', documentId: 'policy', page: 2, quote: 'Vendors must use multi-factor authentication (MFA) for all remote access.' },
    { id: 'S2', documentId: 'policy', page: 3, quote: 'Vendor accounts that have not been used for 30 days are disabled automatically.' },
  ],
};
const checks: ReviewChecks = {
  documents: { policy: loadedDocumentCheck('policy', { pageCount: 4 }) },
  sources: { S1: { sourceId: 'S1', status: { kind: 'located', page: 2, rects: [{ page: 2, x0: 1, y0: 2, x1: 3, y1: 4 }] } } },
};

describe('reviewed claims (the review worker’s job)', () => {
  it('is the same whether the worker builds the model or the main thread hands it over, and survives structured clone', () => {
    const inWorker = answerReviewer(structuredClone(answer))(checks, ['http://app.test']);
    const here = reviewClaims(answer, buildAnswerModel(answer), checks, ['http://app.test']);
    expect(structuredClone(inWorker)).toEqual(here);
    expect(here.claims.map((c) => c.text)).toEqual([
      'Vendors must use MFA for remote access.',
      'Unused accounts are disabled after 30 days.',
      'Nothing backs this.',
      'Vendors must use MFA for remote access.',
    ]);
    expect(here.result.claims[2]!.flags.map((f) => f.code)).toContain('uncited');
  });

  it('gives the panel each card with its badges, and tells apart claims that read the same', () => {
    const { claims, occurrence, place } = panelClaims(reviewClaims(answer, buildAnswerModel(answer), checks, []));
    expect(claims.map((c) => c.citations.map((x) => `${x.key}:${x.badge.tone}`))).toEqual([['1:ok'], ['2:pending'], [], ['1:ok']]);
    const [first, , , again] = claims;
    expect([occurrence.get(first!.id), occurrence.get(again!.id)]).toEqual([0, 1]);
    expect(place.get(again!.id)!.sameTextStarts).toEqual([0, answer.text.lastIndexOf('Vendors')]);
  });
});

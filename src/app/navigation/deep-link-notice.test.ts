import { describe, expect, it } from 'vitest';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { citationTarget } from './citation-target.ts';
import { deepLinkProblem } from './deep-link-notice.ts';

const answer: Answer = {
  id: 'a',
  text: 'MFA is required [1]. Passwords rotate [9].',
  documents: [{ id: 'policy', title: 'Policy', url: '/api/documents/policy' }],
  sources: [{ id: 'S1', documentId: 'policy', page: 2, quote: 'MFA is required' }],
} as Answer;
const model = buildAnswerModel(answer);
const facts = (view: Parameters<typeof deepLinkProblem>[0]['view'], pageCount: number | null = 12) => ({
  view,
  answer,
  model,
  target: view.cite ? citationTarget(answer, model, view.cite, 1) : null,
  pageCount,
});

describe('deepLinkProblem', () => {
  it('says nothing when the link names what exists', () => {
    expect(deepLinkProblem(facts({ answer: 'a', cite: '1' }))).toBeNull();
    expect(deepLinkProblem(facts({ answer: 'a', doc: 'policy', page: 12 }))).toBeNull();
    expect(deepLinkProblem(facts({ answer: 'a', page: 40 }, null))).toBeNull(); // page count not known yet
  });

  it('names a citation that is not there, and a marker with no source', () => {
    expect(deepLinkProblem(facts({ answer: 'a', cite: '99' }))).toBe('This answer has no citation [99]: showing the answer instead.');
    expect(deepLinkProblem(facts({ answer: 'a', cite: '9' }))).toBe('Citation [9] points to no source in this answer: showing the answer instead.');
  });

  it('names a document or a page that does not exist', () => {
    expect(deepLinkProblem(facts({ answer: 'a', doc: 'nope' }))).toContain('no document “nope”');
    expect(deepLinkProblem(facts({ answer: 'a', page: 13 }))).toBe('Page 13 does not exist: the document has 12 pages. Showing page 1.');
  });
});

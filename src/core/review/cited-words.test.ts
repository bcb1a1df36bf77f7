import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAnswerModel } from '../model/answer-model.ts';
import type { Answer } from '../model/types.ts';
import { citedWords } from './claim-rules.ts';

const answer = (text: string): Answer => ({
  id: 'a',
  text,
  documents: [{ id: 'd', title: 'D', url: '/d.pdf' }],
  sources: [1, 2, 3].map((n) => ({ id: `S${n}`, documentId: 'd', quote: `q${n}` })),
});

describe('citedWords with the claim’s own markers', () => {
  it('blanks the markers the claim holds, as a parse of the slice does', () => {
    const text = 'Remote access needs MFA [1][2], and email too [3]. The code `[2]` is no marker [1].';
    const model = buildAnswerModel(answer(text));
    for (const claim of model.claims) {
      for (const c of claim.citations) {
        expect(citedWords(text, c.answerStart, c.answerEnd, claim.markers)).toBe(citedWords(text, c.answerStart, c.answerEnd));
      }
    }
    const [first] = model.claims;
    expect(citedWords(text, first!.start, first!.end, first!.markers)).toBe('Remote access needs MFA , and email too .');
    // The code span keeps its brackets: it is text, not a marker, in the answer's one parse.
    const second = model.claims[1]!;
    expect(citedWords(text, second.start, second.end, second.markers)).toBe('The code `[2]` is no marker .');
  });

  it('gives the same words as parsing each slice, for any sentences with markers', () => {
    const sentence = fc
      .tuple(
        fc.constantFrom('Access', 'Each vendor', 'MFA, 30 days,'),
        fc.constantFrom('is required', 'is disabled', 'applies'),
        fc.constantFrom('[1]', '[2]', '[1][3]', '[2, 3]', ''),
      )
      .map(([a, b, m]) => `${a} ${b} ${m}.`);
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 12 }), (sentences) => {
        const text = sentences.join(' ');
        for (const claim of buildAnswerModel(answer(text)).claims) {
          for (const c of claim.citations) {
            expect(citedWords(text, c.answerStart, c.answerEnd, claim.markers)).toBe(citedWords(text, c.answerStart, c.answerEnd));
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adaptCohere } from './cohere.ts';
import { passageQuote } from './passages.ts';
import { AdapterError } from '../errors.ts';
import { adaptFixture, isClaimOf, markersAt, spanTexts } from '../../../testing/adapter-fixtures.ts';

const docs = [{ id: 'facts', title: 'facts.txt', url: '/api/documents/facts' }];
const passage = 'Ruby was created by Yukihiro Matsumoto in 1993.';
const source = { type: 'document', id: 'doc:0', document: { id: 'doc:0', title: 'facts.txt', text: passage } };

describe('cohere adapter', () => {
  it('writes [n] after each cited span, counting code points past an emoji, and keeps reasoning citations apart', () => {
    const { answer, warnings } = adaptFixture('cohere');
    expect(warnings).toEqual([]);
    expect(answer.text).toBe(
      '🔒 Résumé (要約): vendors must use “TLS 1.2 or higher”[1] in transit, and stored data is protected with strong encryption.[2] Backups are retained for 35 days.[3]',
    );
    expect(spanTexts(answer, 'S1')).toEqual(['“TLS 1.2 or higher”']);
    // A span that stops at its sentence's full stop ends with it (the marker follows the full stop).
    expect(spanTexts(answer, 'S2')).toEqual(['stored data is protected with strong encryption.']);
    expect(spanTexts(answer, 'S3')).toEqual(['retained for 35 days.']);
    for (const span of answer.spans ?? []) expect(markersAt(answer.text, span.answerEnd)).toContain(span.key);
    expect(answer.sources).toEqual([
      {
        id: 'S1',
        documentId: 'vendor-security-policy',
        // The answer quoted the document: those words are the quote; the whole document text is the passage.
        quote: 'TLS 1.2 or higher',
        text: 'All Company data sent over a network must use TLS 1.2 or higher. Stored data must be encrypted with AES-256.',
        location: { resultIndex: 0 },
      },
      {
        // A paraphrase is the model's words, not the document's: no quote, only the passage.
        id: 'S2',
        documentId: 'vendor-security-policy',
        text: 'All Company data sent over a network must use TLS 1.2 or higher. Stored data must be encrypted with AES-256.',
        location: { resultIndex: 0 },
      },
      {
        id: 'S3',
        documentId: 'data-retention-policy',
        quote: 'retained for 35 days',
        text: 'Backup copies of customer records are retained for 35 days and then erased.',
      },
    ]);
    // The thinking item's citation supports the reasoning: its span is in reasoning, not among the claims.
    expect(answer.reasoning).toEqual([
      {
        text: 'The vendor policy asks for TLS 1.2 or higher in transit; the retention policy keeps backups 35 days.',
        spans: [{ sourceId: 'S1', key: '1', answerStart: 27, answerEnd: 44 }],
      },
    ]);
    const reasoning = answer.reasoning![0]!;
    expect(reasoning.text.slice(27, 44)).toBe('TLS 1.2 or higher');
    expect(answer.spans?.every((s) => answer.text.slice(s.answerStart, s.answerEnd) !== 'TLS 1.2 or higher')).toBe(true);
  });

  it('reads offsets without content_index against the first text item, and maps doc:N by position', () => {
    const { answer } = adaptCohere({
      id: 'a',
      documents: [{ id: 'other', title: 'Other', url: '/o' }, ...docs],
      payload: {
        message: {
          content: [{ type: 'text', text: 'Matsumoto made Ruby.' }],
          citations: [
            {
              start: 0,
              end: 9,
              text: 'Matsumoto',
              sources: [{ type: 'document', id: 'doc:1', document: { id: 'doc:1', text: passage } }],
              type: 'TEXT_CONTENT',
            },
          ],
        },
      },
    });
    expect(answer.text).toBe('Matsumoto[1] made Ruby.');
    expect(answer.sources).toEqual([{ id: 'S1', documentId: 'facts', quote: 'Matsumoto', text: passage, location: { resultIndex: 1 } }]);
  });

  it('repairs offsets counted in another unit and flags the source', () => {
    const text = 'Привет 😀 Ruby 1993.';
    const { answer } = adaptCohere({
      id: 'a',
      documents: docs,
      // UTF-16 offsets, where Cohere counts code points: off by one after the emoji.
      payload: { message: { content: [{ type: 'text', text }], citations: [{ start: 15, end: 20, text: '1993.', sources: [source], content_index: 0 }] } },
    });
    expect(answer.text).toBe('Привет 😀 Ruby 1993.[1]');
    expect(answer.sources[0]?.flags?.[0]?.code).toBe('offset-out-of-range');
  });

  it('never drops a citation silently: no source, no place, and a guessed document are all reported', () => {
    const { answer, warnings } = adaptCohere({
      id: 'a',
      documents: docs,
      payload: {
        message: {
          content: [{ type: 'text', text: 'One. Two.' }],
          citations: [
            { start: 0, end: 4, text: 'One.', sources: [], type: 'TEXT_CONTENT' },
            {
              start: 5,
              end: 9,
              text: 'Two.',
              sources: [{ type: 'document', id: 'x', document: { id: 'x', title: 'Unknown', text: 'Two.' } }],
              content_index: 7,
            },
          ],
        },
      },
    });
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/names no source/);
    expect(warnings[1]).toMatch(/matches no document; it was mapped to the only document "facts"/);
    expect(warnings[2]).toMatch(/content item 7.*end of the answer/);
    expect(answer.text).toBe('One. Two.[1]');
    expect(answer.sources[0]?.flags?.map((f) => f.code)).toEqual(['document-guessed', 'offset-out-of-range']);
  });

  it('rejects a payload whose citations have the wrong shape', () => {
    expect(() => adaptCohere({ id: 'a', documents: docs, payload: { message: { citations: [{ start: 'x' }] } } })).toThrow(AdapterError);
    expect(() => adaptCohere({ id: 'a', documents: docs, payload: { text: 3 } })).toThrow(AdapterError);
  });
});

describe('passageQuote', () => {
  it('is the span when the passage holds its words, without quotation marks or final punctuation', () => {
    expect(passageQuote('"Ruby was created by Yukihiro Matsumoto in 1993."', passage)).toBe('Ruby was created by Yukihiro Matsumoto in 1993.');
    expect(passageQuote('Yukihiro Matsumoto,', passage)).toBe('Yukihiro Matsumoto');
    expect(passageQuote('Matz designed it', passage)).toBeUndefined();
    expect(passageQuote('…', passage)).toBeUndefined();
    expect(passageQuote('Ruby', undefined)).toBeUndefined();
  });
});

describe('cohere spans (property)', () => {
  const char = fc.constantFrom('a', 'b', ' ', '.', 'é', '要', 'ش', '😀', '👍🏽', '\n');
  it('every cited span selects exactly the cited words, whatever characters come before it', () => {
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 30 }), fc.nat(), fc.nat(), fc.boolean(), (chars, a, b, inThinking) => {
        const cps = [...chars.join('')];
        const [start, end] = [a % (cps.length + 1), b % (cps.length + 1)].sort((x, y) => x - y) as [number, number];
        const body = cps.join('');
        const cited = cps.slice(start, end).join('');
        const content = inThinking
          ? [
              { type: 'thinking', thinking: body },
              { type: 'text', text: 'Answer.' },
            ]
          : [{ type: 'text', text: body }];
        const { answer } = adaptCohere({
          id: 'p',
          documents: docs,
          payload: { message: { content, citations: [{ start, end, text: cited, sources: [source], content_index: 0 }] } },
        });
        if (inThinking) {
          expect(answer.text).toBe('Answer.');
          const span = answer.reasoning?.[0]?.spans?.[0];
          expect(span && body.slice(span.answerStart, span.answerEnd)).toBe(cited);
        } else {
          const claims = spanTexts(answer, 'S1');
          expect(claims.length).toBe(cited.trim() === '' ? 0 : 1);
          for (const claim of claims) expect(isClaimOf(claim, cited), `${JSON.stringify(claim)} for ${JSON.stringify(cited)}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

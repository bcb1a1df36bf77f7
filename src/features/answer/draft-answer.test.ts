import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import type { Source } from '../../core/model/types.ts';
import { draftAnswer } from './draft-answer.ts';
import { applyDraftEvent, type StreamDraft } from './draft-events.ts';

const url = (id: string) => `/api/documents/${id}`;
const source = (id: string, documentId = 'vendor-security-policy'): Source => ({ id, documentId, page: 2, quote: `quote of ${id}` });

/** The marker keys the renderer will draw as buttons: the model's markers of the draft's text. */
function buttons(draft: StreamDraft): string[] {
  const model = buildAnswerModel(draftAnswer(draft, url).answer);
  return model.markdown.markers.flatMap((g) => g.refs.map((r) => r.key));
}

describe('the streaming draft', () => {
  it('draws a marker as a button only once its source has arrived', () => {
    const draft = { question: 'q', text: 'Vendors use MFA [1]. Logs are kept [2].', sources: [source('S1')] };
    expect(draftAnswer(draft, url)).toMatchObject({ live: ['1'], pending: ['2'] });
    expect(buttons(draft)).toEqual(['1']);
    // The pending marker is text, not a struck-through marker that cites nothing.
    expect(buildAnswerModel(draftAnswer(draft, url).answer).invalidMarkers).toEqual([]);
    const arrived = { ...draft, sources: [source('S1'), source('S2')] };
    expect(draftAnswer(arrived, url)).toMatchObject({ live: ['1', '2'], pending: [] });
    expect(buttons(arrived)).toEqual(['1', '2']);
  });

  it('reads [n] as the source Sn, whatever order the sources came in, and [S2] as S2', () => {
    const draft = { question: 'q', text: 'A [2]. B [S3]. C [1].', sources: [source('S2'), source('S3')] };
    const d = draftAnswer(draft, url);
    expect(d).toMatchObject({ live: ['2', 'S3'], pending: ['1'] });
    const model = buildAnswerModel(d.answer);
    expect(model.resolve('2')?.id).toBe('S2');
    expect(model.resolve('S3')?.id).toBe('S3');
  });

  it('keeps a group of markers as text until every source of the group has arrived', () => {
    const draft = { question: 'q', text: 'Both [1, 2] say so.', sources: [source('S1')] };
    expect(buttons(draft)).toEqual([]);
    expect(buttons({ ...draft, sources: [source('S1'), source('S2')] })).toEqual(['1', '2']);
  });

  it('leaves a marker cut off by the end of the stream as text', () => {
    expect(buttons({ question: 'q', text: 'Vendors use MFA [1', sources: [source('S1')] })).toEqual([]);
    expect(buttons({ question: 'q', text: 'Vendors use MFA [1]', sources: [source('S1')] })).toEqual(['1']);
  });

  it('names each cited document once, with its address', () => {
    const d = draftAnswer({ question: 'q', text: 'x [1] [2] [3]', sources: [source('S1', 'a'), source('S2', 'b'), source('S3', 'a')] }, url);
    expect(d.answer.documents.map((doc) => [doc.id, doc.url])).toEqual([
      ['a', '/api/documents/a'],
      ['b', '/api/documents/b'],
    ]);
  });

  it('shows the same words as the final text: escaping changes no visible character', () => {
    const word = fc.constantFrom('Vendors', 'must', 'rotate', 'keys', '.', ' ', '\n\n', '- ', '[1]', '[2]', '[S3]', '[1, 2]', '【2】', '`[1]`');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), fc.subarray(['S1', 'S2', 'S3']), (words, ids) => {
        const text = words.join('');
        const d = draftAnswer({ question: 'q', text, sources: ids.map((id) => source(id)) }, url);
        const model = buildAnswerModel(d.answer);
        // Every marker the renderer draws is live, and none is drawn struck through.
        for (const g of model.markdown.markers) for (const r of g.refs) expect(d.live).toContain(r.key);
        expect(model.invalidMarkers).toEqual([]);
        // The draft differs from the streamed text only by the escapes in front of pending markers.
        const plain = (s: string) => s.replace(/\\\[/g, '[').replace(/【(\d)】/g, '[$1]');
        expect(plain(d.answer.text)).toBe(plain(text));
      }),
    );
  });
});

describe('applying stream events to the draft', () => {
  it('appends text deltas and adds sources in arrival order, a repeated S-ID replacing the earlier one', () => {
    let d: StreamDraft = { question: 'q', text: '', sources: [] };
    d = applyDraftEvent(d, { kind: 'source', source: source('S1') });
    d = applyDraftEvent(d, { kind: 'text', delta: 'Vendors use ' });
    d = applyDraftEvent(d, { kind: 'text', delta: 'MFA [1].' });
    d = applyDraftEvent(d, { kind: 'source', source: source('S2') });
    d = applyDraftEvent(d, { kind: 'source', source: { ...source('S1'), page: 9 } });
    expect(d.text).toBe('Vendors use MFA [1].');
    expect(d.sources.map((s) => [s.id, s.page])).toEqual([
      ['S1', 9],
      ['S2', 2],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { adaptWrappedAnswer, FormatDetectionError } from '../../api/adapt-answer.ts';
import { explainUndetected } from './detect-explain.ts';

describe('explainUndetected', () => {
  it('names the answer text it found and says no citations field has a known shape', () => {
    const msg = explainUndetected({ id: 'x', object: 'chat.completion', choices: [{ message: { content: 'Hi [1]' } }] });
    expect(msg).toMatch(/^It found `choices\[0\]\.message\.content` \(text\), but no citations field of a known shape: looked for /);
    expect(msg).toContain('`choices[0].message.annotations` (openai Chat Completions)');
    expect(msg).toContain('`message.citations` (cohere)');
    expect(msg).toMatch(/Top-level fields: id, object, choices\.$/);
  });

  it('names a citation-like field whose items it does not know', () => {
    expect(explainUndetected({ answer: 'x', references: [{ doc: 1, span: 'a' }] })).toMatch(
      /^It found `answer` \(text\), but `references` \(1 item with doc, span\) is not a citations field of a known shape/,
    );
  });

  it('says when there is no text and when the payload is not an object', () => {
    expect(explainUndetected({ hello: 'world' })).toMatch(/^It found no answer text \(looked at `choices\[0\]\.message\.content`/);
    expect(explainUndetected([1, 2])).toBe(
      'The payload is an array; the only array citelens reads is a recorded Anthropic event stream (`message_start`, `content_block_delta`, …), and this is not one.',
    );
  });

  it('is the detail of the FormatDetectionError `auto` throws', () => {
    const wrapper = { id: 'w', format: 'auto' as const, documents: [], payload: { answer: 'x', references: [{ doc: 1 }] } };
    expect(() => adaptWrappedAnswer(wrapper)).toThrow(FormatDetectionError);
    expect(() => adaptWrappedAnswer(wrapper)).toThrow(/answer "w"\. It found `answer` \(text\), but `references`/);
  });
});

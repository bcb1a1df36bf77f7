import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect.ts';
import { adaptFixture, loadFixture } from './test-helpers.ts';

const fixtures: Array<[string, string]> = [
  ['raglite', 'raglite'],
  ['query-agent', 'query-agent'],
  ['sid-bbox', 'sid-bbox'],
  ['persian-rag', 'persian-rag'],
  ['rubyllm', 'rubyllm'],
  ['anthropic', 'anthropic'],
  ['openai-responses', 'openai'],
  ['openai-assistants', 'openai'],
  ['gemini', 'gemini'],
];

describe('detectFormat', () => {
  it.each(fixtures)('recognises the %s fixture as %s, and `auto` adapts it the same way', (name, format) => {
    const wrapper = loadFixture(name);
    expect(detectFormat(wrapper.payload)).toBe(format);
    const direct = adaptFixture(wrapper);
    const auto = adaptFixture({ ...wrapper, format: 'auto' });
    expect(auto.format).toBe(format);
    expect(auto.answer).toEqual(direct.answer);
  });

  it('decides payloads without citations by their text field and extras', () => {
    expect(detectFormat({ text: 'a', citations: [] })).toBe('raglite');
    expect(detectFormat({ answer: 'a', citations: [] })).toBe('query-agent');
    expect(detectFormat({ answer: 'a', citations: [], uncited: [] })).toBe('persian-rag');
    expect(detectFormat({ answer: 'a', reviewReport: {} })).toBe('query-agent');
    expect(detectFormat({ content: 'a', citations: [] })).toBe('rubyllm');
    expect(detectFormat({ type: 'message', role: 'assistant', content: [] })).toBe('anthropic');
    expect(detectFormat({ object: 'list', data: [{ object: 'thread.message', content: [] }] })).toBe('openai');
  });

  it('returns null for what it does not recognise', () => {
    for (const p of [null, 3, 'text', [], {}, { text: 'a' }, { content: [] }, { citations: [{ foo: 1 }] }]) expect(detectFormat(p)).toBeNull();
  });
});

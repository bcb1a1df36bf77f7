import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect.ts';
import { adaptFixture, loadFixture } from '../../testing/adapter-fixtures.ts';

// Detection of Cohere v2, Perplexity and OpenAI Chat Completions payloads (detectChatShapes in detect.ts).

describe('detectFormat: chat-shaped payloads', () => {
  it.each([
    ['cohere', 'cohere'],
    ['perplexity', 'perplexity'],
    ['openai-chat', 'openai'],
  ])('recognises the %s fixture as %s, and `auto` adapts it the same way', (name, format) => {
    const wrapper = loadFixture(name);
    expect(detectFormat(wrapper.payload)).toBe(format);
    const direct = adaptFixture(wrapper);
    const auto = adaptFixture({ ...wrapper, format: 'auto' });
    expect(auto.format).toBe(format);
    expect(auto.answer).toEqual(direct.answer);
  });

  it('tells them apart by their telling fields', () => {
    expect(detectFormat({ message: { role: 'assistant', content: [{ type: 'text', text: 'a' }] } })).toBe('cohere');
    expect(detectFormat({ message: { citations: [] } })).toBe('cohere');
    expect(detectFormat({ choices: [{ message: { content: 'a [1]' } }], search_results: [] })).toBe('perplexity');
    expect(detectFormat({ choices: [{ message: { content: 'a [1]' } }], citations: ['https://a.example'] })).toBe('perplexity');
    expect(detectFormat({ choices: [{ message: { content: 'a', annotations: [] } }] })).toBe('openai');
  });

  it('recognises none of them without their citations', () => {
    for (const p of [{ choices: [{ message: { content: 'a' } }] }, { message: { content: 'plain' } }, { choices: [], citations: [{ n: 1 }] }]) {
      expect(detectFormat(p)).toBeNull();
    }
  });
});

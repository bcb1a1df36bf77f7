import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect.ts';
import { adaptFixture, loadFixture } from '../../testing/adapter-fixtures.ts';

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
  ['bedrock-converse', 'bedrock'],
  ['bedrock-kb', 'bedrock'],
  ['azure-openai', 'azure-openai'],
  ['ragflow', 'ragflow'],
  ['dify', 'dify'],
  ['mistral', 'mistral'],
  ['xai', 'xai'],
  ['openrouter', 'openrouter'],
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

  it('tells chat-completion look-alikes apart by their envelope', () => {
    const chat = (message: object, extra: object = {}) => ({ object: 'chat.completion', choices: [{ index: 0, message }], ...extra });
    expect(detectFormat(chat({ content: 'a [doc1]', context: { citations: [] } }))).toBe('azure-openai');
    expect(
      detectFormat({
        choices: [
          {
            messages: [
              { role: 'tool', content: '{}' },
              { role: 'assistant', content: 'a' },
            ],
          },
        ],
      }),
    ).toBe('azure-openai');
    expect(detectFormat(chat({ content: 'a ##0$$', reference: { chunks: {} } }))).toBe('ragflow');
    expect(detectFormat({ code: 0, data: { answer: 'a ##0$$', reference: {} } })).toBe('ragflow');
    expect(
      detectFormat(
        chat({
          content: [
            { type: 'text', text: 'a' },
            { type: 'tool_reference', title: 't' },
          ],
        }),
      ),
    ).toBe('mistral');
    expect(detectFormat({ outputs: [{ type: 'message.output', content: [] }] })).toBe('mistral');
    expect(detectFormat({ outputs: [{ message: { content: 'a' } }] })).toBe('xai');
    expect(detectFormat({ object: 'response', model: 'grok-4', output: [] })).toBe('xai');
    expect(detectFormat(chat({ content: 'a' }, { model: 'grok-3', citations: ['https://x.ai/'] }))).toBe('xai');
    expect(detectFormat(chat({ content: 'a', annotations: [] }, { id: 'gen-17', model: 'openai/gpt-4o' }))).toBe('openrouter');
    expect(detectFormat(chat({ content: 'a' }, { provider: 'Anthropic' }))).toBe('openrouter');
    expect(detectFormat({ event: 'message_end', answer: 'a', metadata: { retriever_resources: [] } })).toBe('dify');
    expect(detectFormat({ output: { text: 'a' }, citations: [] })).toBe('bedrock');
    // OpenAI's own chat completion (no OpenRouter id or provider) is not OpenRouter's.
    expect(detectFormat(chat({ content: 'a', annotations: [] }, { id: 'chatcmpl-1', model: 'gpt-4o' }))).not.toBe('openrouter');
  });

  it('returns null for what it does not recognise', () => {
    for (const p of [null, 3, 'text', [], {}, { text: 'a' }, { content: [] }, { citations: [{ foo: 1 }] }]) expect(detectFormat(p)).toBeNull();
  });
});

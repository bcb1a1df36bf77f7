import { describe, expect, it } from 'vitest';
import { adaptGroq } from './groq.ts';
import { AdapterError } from '../errors.ts';
import { adaptFixture, claimSpans, sourceSummary } from '../../../testing/adapter-fixtures.ts';

describe('groq: compound systems', () => {
  it('reads the answer beside executed_tools, each search result a source, its Markdown link replaced by the marker', () => {
    const { format, answer, warnings } = adaptFixture('groq-compound');
    expect(format).toBe('groq');
    expect(answer.text).toBe(
      'Llama 4 Scout has 17B active parameters and a 10M-token context window [1]. On GroqCloud it runs at over 460 tokens per second [2].',
    );
    expect(sourceSummary(answer)).toEqual([
      {
        id: 'S1',
        title: 'Llama 4 model card',
        url: 'https://llama.example/docs/model-cards/llama4',
        text: 'Llama 4 Scout has 17B active parameters and a 10M-token context window.',
      },
      {
        id: 'S2',
        title: 'Groq supports Llama 4 Scout',
        url: 'https://groq.example/blog/llama-4-scout',
        text: 'Llama 4 Scout is now available on GroqCloud at over 460 tokens per second.',
      },
      { id: 'S3', title: 'AI news roundup', url: 'https://news.example/ai-roundup', text: 'A weekly roundup of model releases.' },
    ]);
    expect(answer.sources.map((s) => s.relevance)).toEqual([0.91, 0.84, 0.42]);
    expect(claimSpans(answer)).toEqual([]);
    expect(answer.reasoning?.[0]?.text).toContain('search(Llama 4 Scout parameters context window)');
    expect(warnings).toEqual(['1 search result of executed_tools is linked nowhere in the answer; listed as sources without a marker.']);
  });

  it('keeps one source per URL across executions, and refuses a response without choices', () => {
    const result = { title: 'A', url: 'https://a.example/', content: 'a' };
    const { answer } = adaptGroq({
      id: 'a',
      documents: [{ id: 'a', title: 'A', url: 'https://a.example/' }],
      payload: {
        choices: [
          {
            message: {
              content: 'See [A](https://a.example/).',
              executed_tools: [{ search_results: { results: [result] } }, { search_results: { results: [result] } }, { type: 'python', output: '2' }],
            },
          },
        ],
      },
    });
    expect(answer.text).toBe('See [1].');
    expect(answer.sources).toHaveLength(1);
    expect(() => adaptGroq({ id: 'a', documents: [], payload: { choices: [] } })).toThrow(AdapterError);
  });
});

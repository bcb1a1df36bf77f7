import { describe, expect, it } from 'vitest';
import { adaptWrappedAnswer, FormatDetectionError } from '../../api/adapt-answer.ts';
import { candidatesFor, detect } from './detect.ts';
import { AdapterError } from './errors.ts';
import { formatLabel, providers, runAdapter } from './registry.ts';
import { adapterFormats } from './types.ts';

const documents = [{ id: 'doc', title: 'Doc', url: '/api/documents/doc' }];

describe('the provider registry', () => {
  it('has one provider per format, each declaring where it reads text and citations', () => {
    expect(Object.keys(providers).sort()).toEqual([...adapterFormats].sort());
    for (const [format, p] of Object.entries(providers)) {
      expect(p.format).toBe(format);
      expect(p.textPaths.length).toBeGreaterThan(0);
      expect(p.citationPaths.length).toBeGreaterThan(0);
    }
  });

  it('names every format with a provider and a shape, none of them blank or shared', () => {
    const shapes = adapterFormats.map((f) => formatLabel(f).shape);
    for (const f of adapterFormats) {
      expect(formatLabel(f).provider.trim()).not.toBe('');
      expect(formatLabel(f).shape.trim()).not.toBe('');
    }
    expect(new Set(shapes).size).toBe(shapes.length);
    expect(formatLabel('cohere')).toEqual({ provider: 'Cohere', shape: 'Cohere chat' });
    expect(formatLabel('gemini').provider).toBe('Gemini');
  });

  it('hands the label to the answer pane with the adapted answer', () => {
    const adapted = adaptWrappedAnswer({ id: 'x', format: 'auto', documents, payload: { text: 'A [1].', citations: [{ n: 1, source: 'doc' }] } });
    expect(adapted.format).toBe('raglite');
    expect(adapted.label).toEqual({ provider: 'raglite', shape: 'raglite citations' });
  });

  it('lets the most specific evidence win, whatever order the providers are listed in', () => {
    // A grok model's chat completion also has Perplexity's URL list: the model name is the more telling field.
    const grok = { model: 'grok-3', choices: [{ message: { content: 'a' } }], citations: ['https://a.example/'] };
    expect(candidatesFor(grok).map((c) => c.format)).toEqual(['xai']);
    const openrouter = { id: 'gen-1', choices: [{ message: { content: 'a', annotations: [] } }] };
    const found = candidatesFor(openrouter);
    expect(found.map((c) => c.format)).toEqual(['openrouter', 'openai']);
    expect(found[0]!.evidence.score).toBeGreaterThan(found[1]!.evidence.score);
    expect(found[0]!.evidence.because).toContain('gen-');
  });

  it('reports two providers whose evidence is equally specific by both names, and adapts neither', () => {
    const payload = { choices: [{ message: { content: 'See [doc1].', context: { citations: [] }, reference: { chunks: [] } } }] };
    const d = detect(payload);
    expect(d.kind).toBe('tie');
    expect(d.kind === 'tie' && d.candidates.map((c) => c.format).sort()).toEqual(['azure-openai', 'ragflow']);
    let error: unknown;
    try {
      adaptWrappedAnswer({ id: 'x', format: 'auto', documents, payload });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatDetectionError);
    expect((error as Error).message).toMatch(/azure-openai \(`choices\[0\]\.message\.context` \(object\)\).*ragflow/);
    expect((error as Error).message).toContain("set the wrapper's `format`");
  });

  it('never passes an answer whose text it did not find: an AdapterError naming the paths it looked at', () => {
    const run = () => runAdapter('raglite', { id: 'x', documents, payload: { text: ' \n', citations: [] } });
    expect(run).toThrow(AdapterError);
    expect(run).toThrow(/no answer text was found \(looked at `text`\)/);
  });

  it('never passes an answer that read no citation from a payload that has some, unless the adapter said why', () => {
    const payload = { text: 'The policy requires MFA.', references: [{ doc: 'doc', span: [0, 10] }] };
    const run = () => runAdapter('raglite', { id: 'x', documents, payload });
    expect(run).toThrow(/no citation was read \(looked at `citations\[\]`\), but the payload has `references`/);
    // Without citation-like fields, an answer that cites nothing is just an answer.
    expect(runAdapter('raglite', { id: 'x', documents, payload: { text: 'No sources.' } }).answer.text).toBe('No sources.');
  });
});

import { describe, expect, it } from 'vitest';
import { formatLabel } from './format-labels.ts';
import { adapterFormats } from './types.ts';

describe('formatLabel', () => {
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
});

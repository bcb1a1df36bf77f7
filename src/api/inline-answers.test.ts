// @vitest-environment node
import { readFileSync } from 'node:fs';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';
import { addInlineAnswer, isInlineAnswerId } from './inline-answers.ts';
import { answerQuery } from './queries.ts';

afterEach(() => vi.unstubAllGlobals());

const canonical = {
  id: 'vendor-access',
  question: 'Q?',
  text: 'A claim [1].',
  documents: [
    { id: 'vsp', title: 'Vendor Security Policy' },
    { id: 'web', title: 'Web', url: 'https://example.com/page' },
  ],
  sources: [{ id: 'S1', documentId: 'vsp', page: 2, quote: 'q' }],
};

describe('answers handed over in memory', () => {
  it('are read like stored ones, under a synthetic id that their answer carries too', async () => {
    const { id, result } = await addInlineAnswer(canonical);
    expect(id).toMatch(/^inline-\d+$/);
    expect(isInlineAnswerId(id)).toBe(true);
    expect(isInlineAnswerId('vendor-access')).toBe(false);
    expect(result.kind).toBe('canonical');
    // Never the payload's id: its review must not land on a stored answer of that name.
    expect(result.answer.id).toBe(id);
    expect(result.answer.documents.map((d) => d.url)).toEqual(['http://localhost/api/documents/vsp', 'https://example.com/page']);
    expect((await addInlineAnswer(canonical)).id).not.toBe(id);
  });

  it('are adapted when wrapped, with the same code as a fetched answer', async () => {
    const stored: unknown = JSON.parse(readFileSync(new URL('../server/demo-data/answers/demo-raglite.json', import.meta.url), 'utf8'));
    const { id, result } = await addInlineAnswer(stored);
    expect(result).toMatchObject({ kind: 'adapted', format: 'raglite', answer: { id } });
    expect(result.answer.sources.length).toBeGreaterThan(0);
    const unknown = { id: 'w', format: 'auto', documents: [{ id: 'vsp', title: 'T' }], payload: { nothing: 'known' } };
    await expect(addInlineAnswer(unknown)).rejects.toMatchObject({ kind: 'unsupported-format' });
  });

  it('never reach the server: answerQuery serves them from memory', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no network in this test')));
    vi.stubGlobal('fetch', fetch);
    const { id, result } = await addInlineAnswer(canonical);
    const client = new QueryClient();
    expect(await client.fetchQuery(answerQuery(id))).toBe(result);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('throws ApiError for an answer it cannot read', async () => {
    await expect(addInlineAnswer({ id: 'x', text: 'no documents' })).rejects.toThrow(ApiError);
    await expect(addInlineAnswer({ id: 'x', text: 'no documents' })).rejects.toThrow(/documents/);
  });
});

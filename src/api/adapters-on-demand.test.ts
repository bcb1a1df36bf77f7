// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The provider adapters are off the first paint (issue 8): api/client.ts imports them only when a wrapped answer
// comes. A static import anywhere on the client's path would load them with client.ts and fail the first test.

const adapterLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./adapt-answer.ts', async (importOriginal) => {
  adapterLoads.count += 1;
  return importOriginal();
});

const { ApiError, answerFromJson } = await import('./client.ts');

const canonical = {
  format: 'citelens/1',
  id: 'a',
  text: 'A claim [1].',
  documents: [{ id: 'd', title: 'D', url: '../documents/d' }],
  sources: [{ id: 'S1', documentId: 'd', page: 1, quote: 'q' }],
};
const wrapped: unknown = JSON.parse(readFileSync(new URL('../server/demo-data/answers/demo-raglite.json', import.meta.url), 'utf8'));

afterEach(() => {
  vi.doUnmock('./adapt-answer.ts');
  vi.resetModules();
});

describe('reading an answer loads the adapters only for a wrapped one', () => {
  it('a canonical answer (with or without `format`) is read without them; a wrapped one loads them once', async () => {
    const { format: _f, ...bare } = canonical;
    void _f;
    expect((await answerFromJson(canonical, 'http://x/api/answers/a', 'A')).kind).toBe('canonical');
    expect((await answerFromJson(bare, 'http://x/api/answers/a', 'A')).kind).toBe('canonical');
    // A bad canonical answer is refused by the schema alone, still without them.
    await expect(answerFromJson({ ...canonical, text: 3 }, 'http://x/', 'A')).rejects.toMatchObject({ kind: 'invalid-shape' });
    expect(adapterLoads.count).toBe(0);

    const read = await answerFromJson(wrapped, 'http://x/api/answers/demo-raglite', 'Answer "demo-raglite"');
    expect(read).toMatchObject({ kind: 'adapted', format: 'raglite' });
    expect(read.answer.documents[0]?.url).toMatch(/^http:\/\/x\/api\//);
    // The typed errors of a wrapped answer come through the lazily loaded code unchanged.
    const unknown = { id: 'w', format: 'auto', documents: [{ id: 'd', title: 'D', url: '/d' }], payload: { nothing: 'known' } };
    await expect(answerFromJson(unknown, 'http://x/', 'A')).rejects.toMatchObject({ kind: 'unsupported-format', format: 'auto' });
    const bad = { id: 'w', format: 'raglite', documents: [{ id: 'd', title: 'D', url: '/d' }], payload: {} };
    await expect(answerFromJson(bad, 'http://x/', 'A')).rejects.toMatchObject({ kind: 'invalid-shape', format: 'raglite' });
    expect(adapterLoads.count).toBe(1);
    await expect(answerFromJson({ id: 'w', format: 'raglite', documents: [], payload: {} }, 'http://x/', 'A')).rejects.toBeInstanceOf(ApiError);
  });

  it('adapters that cannot be fetched are a network failure (retried, said so), not a bad answer', async () => {
    vi.resetModules();
    vi.doMock('./adapt-answer.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/adapt-answer-x.js');
    });
    const fresh = await import('./client.ts');
    const e = await fresh.answerFromJson(wrapped, 'http://x/api/answers/demo-raglite', 'Answer "demo-raglite"').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(fresh.ApiError);
    expect(e).toMatchObject({ kind: 'network', message: 'Could not reach the server to load the code that reads "raglite" answers. Check your connection.' });
    // A canonical answer still reads.
    expect((await fresh.answerFromJson(canonical, 'http://x/', 'A')).kind).toBe('canonical');
  });
});

// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fetchAnswer } from './client.ts';
import { addInlineAnswer } from './inline-answers.ts';
import { fixturePath } from '../testing/adapter-fixtures.ts';

// A provider's response stored or handed over as it came (no citelens wrapper) is read as `format: "auto"`, in the
// app as in `adapt` (src/cli/answer-loading.test.ts).

const payloadOf = (name: string) => (JSON.parse(readFileSync(fixturePath(name), 'utf8')) as { payload: unknown }).payload;

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const serve = (body: unknown) =>
  fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

describe('a bare provider response in the app', () => {
  it("is read as auto under the answer's own id, with a document for each source it cites", async () => {
    serve(payloadOf('gemini-interactions'));
    const result = await fetchAnswer('euro-final');
    expect(result.kind).toBe('adapted');
    expect(result.kind === 'adapted' && result.format).toBe('gemini');
    expect(result.answer.id).toBe('euro-final');
    expect(result.answer.text).toContain('Spain won Euro 2024');
    expect(result.answer.documents.map((d) => d.url)).toEqual([
      'https://www.uefa.com/euro2024/news/spain-champions',
      'https://sport.example/euro-2024-final-report',
    ]);
    expect(result.answer.sources.map((s) => s.documentId)).toEqual(result.answer.documents.map((d) => d.id));
  });

  it('is read as auto when a portal hands it over, documents made from what it cites resolving on this server', async () => {
    const { result } = await addInlineAnswer(payloadOf('anthropic-no-document-index'));
    expect(result.kind === 'adapted' && result.format).toBe('anthropic');
    expect(result.answer.documents.map((d) => [d.title, d.url])).toEqual([
      ['Backup Policy', 'http://localhost/api/documents/backup-policy'],
      ['Access Standard', 'http://localhost/api/documents/access-standard'],
    ]);
  });

  it("that no provider's shape fits is reported as a bad canonical answer, with what detection found", async () => {
    serve({ reply: 'Hello', refs: [{ doc: 'a' }] });
    let error: unknown;
    try {
      await fetchAnswer('mystery');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('invalid-shape');
    expect((error as ApiError).message).toContain("Nor is it a provider's response citelens recognises. It found no answer text");
  });
});

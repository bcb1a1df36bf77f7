import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../core/i18n/translate.ts';
import { fetchTextDocument, TextDocumentError, textProblemText } from './text-document.ts';

// The text of a Markdown or plain-text source: typed errors a reader can act on, and a size cap that stops the
// download instead of freezing the tab.

afterEach(() => vi.unstubAllGlobals());

function serve(body: string, headers: Record<string, string>, status = 200) {
  const fetch = vi.fn(async () => new Response(body, { status, headers }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const signal = () => new AbortController().signal;

describe('fetchTextDocument', () => {
  it('reads Markdown as UTF-8 with its media type', async () => {
    serve('# Über 🚀\n', { 'content-type': 'text/markdown; charset=utf-8' });
    await expect(fetchTextDocument('/api/documents/runbook', signal())).resolves.toEqual({ text: '# Über 🚀\n', mediaType: 'text/markdown' });
  });

  it('refuses a response that is not text (a PDF under a text document’s name)', async () => {
    serve('%PDF-1.7', { 'content-type': 'application/pdf' });
    const error = await fetchTextDocument('/api/documents/runbook', signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TextDocumentError);
    expect((error as TextDocumentError).kind).toBe('not-text');
    expect((error as Error).message).toContain('application/pdf');
  });

  it('refuses a file over the cap, by its declared length or while reading', async () => {
    serve('x'.repeat(100), { 'content-type': 'text/plain', 'content-length': '100' });
    await expect(fetchTextDocument('/d', signal(), 50)).rejects.toMatchObject({ kind: 'too-large' });
    serve('x'.repeat(100), { 'content-type': 'text/plain' });
    await expect(fetchTextDocument('/d', signal(), 50)).rejects.toMatchObject({ kind: 'too-large', message: expect.stringContaining('too large to show') });
  });

  it('names a missing or locked document by its status', async () => {
    serve('{}', { 'content-type': 'application/json' }, 404);
    await expect(fetchTextDocument('/d', signal())).rejects.toMatchObject({ kind: 'http', status: 404, message: expect.stringContaining('not found') });
    serve('{}', { 'content-type': 'application/json' }, 403);
    await expect(fetchTextDocument('/d', signal())).rejects.toMatchObject({ kind: 'http', status: 403 });
  });

  it('takes a local file (blob: URL) whatever type the browser gave its blob', async () => {
    serve('plain words', { 'content-type': '' });
    await expect(fetchTextDocument('blob:http://127.0.0.1/abc', signal())).resolves.toMatchObject({ text: 'plain words' });
  });

  it('keeps what went wrong as data, so the viewer says it in Persian in a Persian UI', async () => {
    serve('%PDF-1.7', { 'content-type': 'application/pdf' });
    const error = (await fetchTextDocument('/d', signal()).catch((e: unknown) => e)) as TextDocumentError;
    expect(error.problem).toEqual({ kind: 'not-text', type: 'application/pdf' });
    const persian = textProblemText(error.problem, createTranslator('fa'));
    expect(persian).toContain('«application/pdf»');
    expect(persian).not.toContain('server');
    expect(textProblemText({ kind: 'too-large', megabytes: 2 }, createTranslator('fa'))).toContain('۲ مگابایت');
  });
});

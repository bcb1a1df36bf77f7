import { describe, expect, it } from 'vitest';
import { documentKind } from './document-kind.ts';
import type { DocumentRef } from './types.ts';

const store = ['http://127.0.0.1:4173'];
const doc = (url: string, extra: Partial<DocumentRef> = {}): DocumentRef => ({ id: 'd', title: 'D', url, ...extra });

describe('documentKind', () => {
  it('treats documents of our own store (same origin or relative) as PDFs', () => {
    expect(documentKind(doc('http://127.0.0.1:4173/api/documents/facts'), store)).toEqual({ kind: 'pdf' });
    expect(documentKind(doc('/api/documents/facts'), store)).toEqual({ kind: 'pdf' });
    expect(documentKind(doc('documents/facts.pdf'), store)).toEqual({ kind: 'pdf' });
  });

  it('treats an absolute http(s) URL on another origin as a web source, named by its site', () => {
    expect(documentKind(doc('https://en.wikipedia.org/wiki/Ruby_(programming_language)'), store)).toEqual({
      kind: 'web',
      url: 'https://en.wikipedia.org/wiki/Ruby_(programming_language)',
      site: 'en.wikipedia.org',
    });
    expect(documentKind(doc('http://www.bbc.com/weather/2643743'), store)).toMatchObject({ kind: 'web', site: 'bbc.com' });
    // Another port is another origin.
    expect(documentKind(doc('http://127.0.0.1:9999/api/documents/facts'), store)).toMatchObject({ kind: 'web' });
  });

  it('knows the API origin as ours when the API lives elsewhere', () => {
    expect(documentKind(doc('https://api.example.com/api/documents/x'), [...store, 'https://api.example.com'])).toEqual({ kind: 'pdf' });
  });

  it('never calls a non-http address a web page', () => {
    for (const url of ['javascript:alert(1)', 'data:application/pdf;base64,AAAA', 'ftp://example.com/x.pdf', 'https//broken']) {
      expect(documentKind(doc(url), store)).toEqual({ kind: 'pdf' });
    }
  });

  it('says a generated file is generated, whatever its URL', () => {
    const file = { fileId: 'cfile_1', containerId: 'cntr_1', filename: 'sums.csv' };
    expect(documentKind(doc('https://api.openai.com/v1/containers/cntr_1/files/cfile_1/content', { generated: file }), store)).toEqual({
      kind: 'generated',
      file,
    });
  });

  it('renders Markdown and plain text of our store as text, by media type or by extension', () => {
    expect(documentKind(doc('/api/documents/runbook', { mediaType: 'text/markdown; charset=utf-8' }), store)).toEqual({ kind: 'text', format: 'markdown' });
    expect(documentKind(doc('/api/documents/notes', { mediaType: 'text/plain' }), store)).toEqual({ kind: 'text', format: 'plain' });
    expect(documentKind(doc('documents/runbook.md'), store)).toEqual({ kind: 'text', format: 'markdown' });
    expect(documentKind(doc('documents/notes.TXT?v=2'), store)).toEqual({ kind: 'text', format: 'plain' });
    // A declared type wins over the name, and a Markdown file on another origin is a web page (never fetched).
    expect(documentKind(doc('documents/report.md', { mediaType: 'application/pdf' }), store)).toEqual({ kind: 'pdf' });
    expect(documentKind(doc('https://raw.example.org/README.md'), store)).toMatchObject({ kind: 'web' });
  });
});

import { describe, expect, it } from 'vitest';
import { DocumentMatcher } from './documents.ts';

describe('DocumentMatcher without wrapper documents (a bare provider response)', () => {
  it('makes one document per reference, by URL, file name, title or index, and finds it again for the same reference', () => {
    const m = new DocumentMatcher([]);
    const web = m.match({ url: 'https://a.example/page?utm=1', title: 'A page' });
    const again = m.match({ url: 'https://a.example/page?utm=2' });
    const file = m.match({ filename: 'Vendor Policy v2.pdf' });
    const indexOnly = m.match({ index: 1 });
    const sameIndex = m.match({ index: 1 });
    expect(m.created).toEqual([
      { id: 'a-page', title: 'A page', url: 'https://a.example/page?utm=1' },
      { id: 'vendor-policy-v2', title: 'Vendor Policy v2.pdf', url: '../documents/vendor-policy-v2' },
      { id: 'document-2', title: 'Document 2', url: '../documents/document-2' },
    ]);
    expect([web, again, file, indexOnly, sameIndex].map((r) => r.kind === 'matched' && r.doc.id)).toEqual([
      'a-page',
      'a-page',
      'vendor-policy-v2',
      'document-2',
      'document-2',
    ]);
    expect(m.match({}).kind).toBe('none');
  });

  it('gives two documents with the same name distinct ids', () => {
    const m = new DocumentMatcher([]);
    m.match({ url: 'https://a.example/x', title: 'Report' });
    m.match({ url: 'https://b.example/y', title: 'Report' });
    expect(m.created.map((d) => d.id)).toEqual(['report', 'report-2']);
  });
});

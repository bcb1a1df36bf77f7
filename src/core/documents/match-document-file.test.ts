import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lookedFor, matchDocumentFile, matchDocumentFiles, urlBaseName } from './match-document-file.ts';

describe('finding a document', () => {
  const names = [
    'policy v2.pdf',
    'vendor-security-policy.md',
    'vendor-security-policy.pdf',
    'vendor-security-policy.meta.json',
    'Data Retention Policy.PDF',
    'notes.txt',
  ];

  it('by the base name of its url first, then <id>.* (PDF first), then its title', () => {
    expect(matchDocumentFile(names, { id: 'vendor-security-policy', url: 'https://files.example/docs/policy%20v2.pdf?sig=1#p=3', title: 'x' })).toBe(
      'policy v2.pdf',
    );
    expect(matchDocumentFile(names, { id: 'vendor-security-policy', url: '/api/documents/vendor-security-policy', title: 'x' })).toBe(
      'vendor-security-policy.pdf',
    );
    expect(matchDocumentFile(names, { id: 'retention', url: '/api/documents/retention', title: 'Data Retention Policy' })).toBe('Data Retention Policy.PDF');
    expect(matchDocumentFile(names, { id: 'missing', url: '', title: 'Nothing Like It' })).toBeNull();
  });

  it('takes a Markdown or text file by id when there is no PDF', () => {
    expect(matchDocumentFile(['setup-guide.md', 'setup-guide.txt'], { id: 'setup-guide', url: '/api/documents/setup-guide', title: 'Setup' })).toBe(
      'setup-guide.md',
    );
    expect(matchDocumentFile(['Release Notes.txt'], { id: 'rn', url: 'rn', title: 'Release notes' })).toBe('Release Notes.txt');
  });

  it('never takes a metadata file or a path outside the folder', () => {
    expect(matchDocumentFile(['a.meta.json'], { id: 'a', url: '/x/a.meta.json', title: 'a.meta.json' })).toBeNull();
    expect(urlBaseName('/docs/..')).toBeNull();
    expect(urlBaseName('https://x.example/a%2F..%2Fb.pdf')).toBeNull();
    expect(urlBaseName('https://x.example/a%zz.pdf')).toBe('a%zz.pdf');
  });

  it('names what it looked for, in order, once each', () => {
    expect(lookedFor({ id: 'vendor-policy', url: '/docs/vendor-policy.pdf', title: 'Vendor Policy' })).toEqual([
      'vendor-policy.pdf',
      'vendor-policy.*',
      'Vendor Policy',
    ]);
    expect(lookedFor({ id: 'x', url: '', title: 'x' })).toEqual(['x.*', 'x']);
  });
});

describe('matching a set of files to an answer', () => {
  const docs = [
    { id: 'vendor-security-policy', url: '/api/documents/vendor-security-policy', title: 'Vendor Security Policy' },
    { id: 'data-retention-policy', url: '/api/documents/data-retention-policy', title: 'Data Retention Policy' },
  ];

  it('gives each document its file and lists the files nobody cites', () => {
    const m = matchDocumentFiles(docs, ['holiday.jpg.pdf', 'vendor-security-policy.pdf', 'Data Retention Policy.pdf']);
    expect(Object.fromEntries(m.byDocument)).toEqual({
      'vendor-security-policy': 'vendor-security-policy.pdf',
      'data-retention-policy': 'Data Retention Policy.pdf',
    });
    expect(m.unmatched).toEqual(['holiday.jpg.pdf']);
  });

  it('keeps earlier matches and fills only the gaps with files added later', () => {
    const first = matchDocumentFiles(docs, ['vendor-security-policy.pdf']);
    expect(first.byDocument.has('data-retention-policy')).toBe(false);
    const later = matchDocumentFiles(docs, ['vendor-security-policy (1).pdf', 'data-retention-policy.pdf', 'vendor-security-policy.md'], first.byDocument);
    expect(later.byDocument.get('vendor-security-policy')).toBe('vendor-security-policy.pdf');
    expect(later.byDocument.get('data-retention-policy')).toBe('data-retention-policy.pdf');
    expect(later.unmatched).toEqual(['vendor-security-policy (1).pdf', 'vendor-security-policy.md']);
  });

  it('agrees with matching one document at a time, and every file is either used or listed as unmatched', () => {
    const name = fc.constantFrom('a.pdf', 'a.md', 'b.txt', 'B.pdf', 'Policy.pdf', 'policy', 'c.meta.json', 'x y.pdf');
    const doc = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'policy'),
      url: fc.constantFrom('', '/d/a', '/d/x%20y.pdf', 'https://h/Policy.pdf'),
      title: fc.constantFrom('B', 'Policy', 'none'),
    });
    fc.assert(
      fc.property(fc.uniqueArray(doc, { selector: (d) => d.id }), fc.uniqueArray(name), (ds, ns) => {
        const m = matchDocumentFiles(ds, ns);
        for (const d of ds) expect(m.byDocument.get(d.id) ?? null).toBe(matchDocumentFile(ns, d));
        const used = new Set(m.byDocument.values());
        for (const n of ns) expect(used.has(n) !== m.unmatched.includes(n)).toBe(true);
      }),
    );
  });
});

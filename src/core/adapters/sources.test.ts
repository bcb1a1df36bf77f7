import { describe, expect, it } from 'vitest';
import { SourceTable } from './sources.ts';

describe('SourceTable', () => {
  it('collapses a citation of the same passage into one source', () => {
    const table = new SourceTable();
    const a = table.add({ documentId: 'd', quote: 'Access is reviewed quarterly.', page: 3 });
    const b = table.add({ documentId: 'd', quote: 'Access is reviewed quarterly.', page: 3 });
    expect(b.isNew).toBe(false);
    expect(b.source).toBe(a.source);
    expect(table.sources).toHaveLength(1);
  });

  it('keeps citations of different places in one document apart, so no URL or offset is lost', () => {
    const table = new SourceTable();
    table.add({ documentId: 'd', url: 'https://example.org/a' });
    table.add({ documentId: 'd', url: 'https://example.org/b' });
    table.add({ documentId: 'd', location: { charStart: 0, charEnd: 10 } });
    table.add({ documentId: 'd', location: { charStart: 40, charEnd: 52 } });
    expect(table.sources.map((s) => s.url ?? s.location)).toEqual([
      'https://example.org/a',
      'https://example.org/b',
      { charStart: 0, charEnd: 10 },
      { charStart: 40, charEnd: 52 },
    ]);
  });

  it("drops a URL that is the document's own, so a page cited by file and by URL is one source", () => {
    const table = new SourceTable([{ id: 'd', title: 'Doc', url: 'https://example.org/doc' }]);
    const a = table.add({ documentId: 'd' });
    const b = table.add({ documentId: 'd', url: 'https://example.org/doc' });
    expect(b.source).toBe(a.source);
    expect(a.source.url).toBeUndefined();
  });
});

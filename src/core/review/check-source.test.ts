import { describe, expect, it } from 'vitest';
import type { PageText } from '../locate/page-text.ts';
import { flowText, syntheticPage, SYNTHETIC_ADVANCE } from '../locate/synthetic.ts';
import { TextIndex } from '../locate/text-index.ts';
import type { Source } from '../model/types.ts';
import { checkSource, checkSources, type DocumentText } from './check-source.ts';

const PAGES = [
  'Introduction. This policy applies to every vendor that handles Company data in any form.',
  'Access. Vendors must use multi-factor authentication for all remote access to Company systems.',
  'Encryption. All Company data transmitted over any network must be encrypted using TLS 1.2 or higher.',
  'Retention. Vendors may keep backup copies of Company data for up to 90 days after the contract ends.',
  'Logging. Every use of a key management system must be logged, and these logs kept for one year.',
  'Contacts. Questions about this policy go to the Security Office.',
];

function doc(texts: readonly string[], opts: { blank?: number[] } = {}): DocumentText & { loads: number[] } {
  const pages: PageText[] = texts.map((t, i) => syntheticPage(i + 1, opts.blank?.includes(i + 1) ? [] : flowText(t, { perLine: 60 })));
  const loads: number[] = [];
  return {
    pageCount: pages.length,
    loads,
    getPageText: async (p) => {
      loads.push(p);
      return pages[p - 1]!;
    },
  };
}

const source = (over: Partial<Source>): Source => ({ id: 'S1', documentId: 'd', ...over });

describe('checkSource: where the quote is', () => {
  it('locates an exact quote on the claimed page', async () => {
    const c = await checkSource(doc(PAGES), source({ page: 3, quote: 'encrypted using TLS 1.2 or higher' }));
    expect(c.status).toMatchObject({ kind: 'located', page: 3 });
    expect(c.status.kind === 'located' && c.status.rects.length).toBeGreaterThan(0);
  });

  it('locates an exact quote anywhere when the source claims no page', async () => {
    const c = await checkSource(doc(PAGES), source({ quote: 'backup copies of Company data' }));
    expect(c.status).toMatchObject({ kind: 'located', page: 4 });
  });

  it('reports a quote with a word changed as differing, never approximate: the document’s words and what differs', async () => {
    const c = await checkSource(
      doc(PAGES),
      source({ page: 4, quote: 'Vendors may keep backup copies of Company records for up to 90 days after the contract ends' }),
    );
    expect(c.status.kind).toBe('differs');
    if (c.status.kind !== 'differs') return;
    expect(c.status.score).toBeGreaterThan(0.6);
    expect(c.status.score).toBeLessThan(1);
    expect(c.status.page).toBe(4);
    expect(c.status.text).toContain('Company data for up to 90 days');
    expect(c.status.differences.map((d) => [d.kind, d.quote, d.document])).toEqual([['word', 'records', 'data']]);
  });

  it('reports a changed number as differing, with both numbers', async () => {
    const c = await checkSource(
      doc(PAGES),
      source({ page: 4, quote: 'Vendors may keep backup copies of Company data for up to 30 days after the contract ends' }),
    );
    expect(c.status).toMatchObject({ kind: 'differs', page: 4, differences: [{ kind: 'number', quote: '30 days', document: '90 days' }] });
  });

  it('reports characters misread inside a word as approximate: the words are there', async () => {
    const c = await checkSource(
      doc(PAGES),
      source({ page: 4, quote: 'Vendors may keep backup copies of Cornpany data for up to 90 days after the contract ends' }),
    );
    expect(c.status.kind).toBe('approximate');
  });

  it('reports a quote found on another page than claimed, with both pages', async () => {
    const c = await checkSource(doc(PAGES), source({ page: 2, quote: 'every use of a key management system must be logged' }));
    expect(c.status).toMatchObject({ kind: 'wrong-page', foundPage: 5, claimedPages: [2], score: 1 });
  });

  it('takes the page range and the boxes’ pages as claimed pages', async () => {
    const ranged = await checkSource(doc(PAGES), source({ page: 4, pageEnd: 5, quote: 'every use of a key management system must be logged' }));
    expect(ranged.status).toMatchObject({ kind: 'located', page: 5 });
    const boxed = await checkSource(doc(PAGES), source({ boxes: [{ page: 1, x0: 72, y0: 60, x1: 300, y1: 90 }], quote: 'Questions about this policy' }));
    expect(boxed.status).toMatchObject({ kind: 'wrong-page', foundPage: 6, claimedPages: [1] });
  });

  it('says what it searched when the quote is nowhere, and the closest candidate above the floor', async () => {
    const c = await checkSource(doc(PAGES), source({ page: 2, quote: 'Vendors must use multi-factor checks for every single login to Company systems' }), {
      config: { locateMinScore: 0.95, candidateFloor: 0.3 },
    });
    expect(c.status.kind).toBe('not-located');
    if (c.status.kind !== 'not-located') return;
    expect(c.status.searched).toEqual({ hintedPages: [2], nearbyPages: [1, 3, 4], wholeDocument: true, pageCount: 6, pagesWithoutText: [] });
    expect(c.status.closest?.page).toBe(2);
    expect(c.status.closest?.text).toContain('multi-factor authentication');
  });

  it('gives no candidate when nothing comes close', async () => {
    const c = await checkSource(doc(PAGES), source({ page: 2, quote: 'Refunds are issued within thirty days of purchase' }));
    expect(c.status.kind).toBe('not-located');
    if (c.status.kind === 'not-located') expect(c.status.closest).toBeUndefined();
  });

  it('says a document without any text has no text layer, and names empty pages among searched ones', async () => {
    const scanned = await checkSource(doc(PAGES, { blank: [1, 2, 3, 4, 5, 6] }), source({ page: 2, quote: 'multi-factor authentication' }));
    expect(scanned.status).toEqual({ kind: 'no-text-layer', pageCount: 6 });
    const partly = await checkSource(doc(PAGES, { blank: [2] }), source({ page: 2, quote: 'multi-factor authentication' }));
    expect(partly.status.kind === 'not-located' && partly.status.searched.pagesWithoutText).toEqual([2]);
  });

  it('does not search when there is nothing to search: page-level or document-level', async () => {
    const d = doc(PAGES);
    expect((await checkSource(d, source({ page: 3, pageEnd: 4 }))).status).toEqual({ kind: 'page-level', page: 3, pageEnd: 4, boxes: [] });
    expect((await checkSource(d, source({}))).status).toEqual({ kind: 'document-level' });
    expect(d.loads).toEqual([]);
  });

  it('searches the passage text when there is no quote', async () => {
    const c = await checkSource(doc(PAGES), source({ page: 2, text: 'Vendors must use multi-factor authentication for all remote access' }));
    expect(c.status).toMatchObject({ kind: 'located', page: 2 });
  });
});

describe('checkSource: the text under the provider boxes', () => {
  // flowText: first line at baseline y = 720 → canonical y 72, 5 pt per glyph from x = 72.
  const firstLine = (page: number, chars: number) => ({ page, x0: 72, y0: 72 - 8, x1: 72 + chars * 10 * SYNTHETIC_ADVANCE, y1: 72 + 2 });

  it('matches when the boxes cover the quote', async () => {
    const c = await checkSource(doc(PAGES), source({ page: 2, quote: 'Vendors must use multi-factor', boxes: [firstLine(2, 60)] }));
    expect(c.boxes).toMatchObject({ pages: [2], matches: true, coverage: 1 });
    expect(c.boxes?.text).toContain('Access. Vendors must use multi-factor');
  });

  it('misses when the boxes cover other words, and says what they cover', async () => {
    const c = await checkSource(doc(PAGES), source({ page: 2, quote: 'remote access to Company systems', boxes: [{ ...firstLine(2, 7) }] }));
    expect(c.boxes?.matches).toBe(false);
    expect(c.boxes?.text).toBe('Access.');
  });

  it('converts boxes given in another convention before reading under them', async () => {
    // the same first line as fractions of a 612 × 792 page, measured from the bottom-left
    const box = firstLine(2, 60);
    const frac = { page: 2, x0: box.x0 / 612, x1: box.x1 / 612, y0: (792 - box.y1) / 792, y1: (792 - box.y0) / 792 };
    const c = await checkSource(doc(PAGES), source({ page: 2, quote: 'Vendors must use', boxes: [frac] }), {
      coords: { origin: 'bottom-left', units: 'fraction', frame: 'unrotated' },
    });
    expect(c.boxes?.matches).toBe(true);
  });

  it('cannot tell on a page without text', async () => {
    const c = await checkSource(doc(PAGES, { blank: [2] }), source({ page: 2, quote: 'Vendors must use', boxes: [firstLine(2, 60)] }));
    expect(c.boxes).toMatchObject({ matches: null, coverage: null, pagesWithoutText: [2] });
  });
});

describe('checkSources', () => {
  it('shares one index: each page is read once for all sources', async () => {
    const d = doc(PAGES);
    const out = await checkSources(d, [
      source({ id: 'S1', page: 2, quote: 'multi-factor authentication' }),
      source({ id: 'S2', page: 2, quote: 'remote access to Company systems' }),
      source({ id: 'S3', page: 3, quote: 'nowhere to be found in this document at all' }),
    ]);
    expect(Object.keys(out)).toEqual(['S1', 'S2', 'S3']);
    expect(new Set(d.loads).size).toBe(d.loads.length);
  });

  it('uses the index it is given (the viewer’s shared text cache)', async () => {
    const d = doc(PAGES);
    const index = new TextIndex(6);
    await checkSource({ ...d, index }, source({ page: 2, quote: 'multi-factor authentication' }));
    expect(index.has(2)).toBe(true);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('closed'));
    await expect(checkSource(doc(PAGES), source({ page: 2, quote: 'nothing like it' }), { signal: controller.signal })).rejects.toThrow('closed');
  });
});

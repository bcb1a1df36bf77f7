import { describe, expect, it } from 'vitest';
import { flowText, syntheticPage } from '../locate/synthetic.ts';
import type { PageText } from '../locate/page-text.ts';
import type { Source } from '../model/types.ts';
import { checkSource, type DocumentText } from './check-source.ts';
import { checkTextSource } from './check-text-source.ts';
import { MAX_QUOTE_CHARS, quoteTooLong } from './quote-limit.ts';
import { readTextDocument } from '../text-source/text-document.ts';
import { cpuMsAsync } from '../../testing/cpu-time.ts';

const SENTENCE = 'Vendors must use multi-factor authentication for all remote access to Company systems. ';

function doc(text: string): DocumentText & { loads: number[] } {
  const pages: PageText[] = [syntheticPage(1, flowText(text, { perLine: 60 }))];
  const loads: number[] = [];
  return { pageCount: 1, loads, getPageText: async (p) => (loads.push(p), pages[p - 1]!) };
}

const source = (over: Partial<Source>): Source => ({ id: 'S1', documentId: 'd', page: 1, ...over });

describe('quote length cap', () => {
  it('counts the trimmed quote', () => {
    expect(quoteTooLong(' '.repeat(100) + 'a'.repeat(MAX_QUOTE_CHARS) + '\n')).toBe(false);
    expect(quoteTooLong('a'.repeat(MAX_QUOTE_CHARS + 1))).toBe(true);
  });

  it('a 1.2 MB quote is not searched: the review says "quote too long" at once, and reads no page for it', async () => {
    const huge = SENTENCE.repeat(Math.ceil(1_200_000 / SENTENCE.length));
    const d = doc(SENTENCE.repeat(20));
    let c: Awaited<ReturnType<typeof checkSource>> | undefined;
    expect(await cpuMsAsync(async () => (c = await checkSource(d, source({ quote: huge }))))).toBeLessThan(5_000); // it took 133 s before the cap
    c = c!;
    expect(c.status).toMatchObject({ kind: 'unchecked', label: 'quote too long' });
    expect(c.status.kind === 'unchecked' && c.status.reason).toMatch(/Quote too long to search: 1,2\d\d,\d\d\d characters \(the limit is 5,000\)/);
    expect(d.loads).toEqual([]);
  });

  it('a long passage (no quote) is capped the same way; one just under the cap is still searched', async () => {
    const long = SENTENCE.repeat(Math.ceil((MAX_QUOTE_CHARS + 10) / SENTENCE.length));
    expect((await checkSource(doc(SENTENCE), source({ text: long }))).status).toMatchObject({ kind: 'unchecked', label: 'quote too long' });
    const underCap = SENTENCE.repeat(Math.floor(MAX_QUOTE_CHARS / SENTENCE.length)).trim();
    const c = await checkSource(doc(SENTENCE.repeat(60)), source({ quote: underCap }));
    expect(c.status.kind).toBe('located');
  });

  it('a text source says the same', () => {
    const model = readTextDocument('# Policy\n\n' + SENTENCE, 'markdown');
    const c = checkTextSource(model, source({ quote: 'x'.repeat(MAX_QUOTE_CHARS + 1) }));
    expect(c.status).toMatchObject({ kind: 'unchecked', label: 'quote too long' });
  });
});

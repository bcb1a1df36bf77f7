// Issue #33 §1 on real PDFs: every ground-truth quote of ../shared/corpus that states a number, changed in that one
// number, and every quote with a proper name or a date, changed in it, is never found; the closest passage is the
// quote's own, with the change named both ways (what the quote says, what the page says). The unchanged quotes are
// found (corpus.test.ts). Skips when the corpus is absent, except in CI (src/testing/shared-folder.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPdf } from '../../node/load-pdf.ts';
import { sharedFolder } from '../../testing/shared-folder.ts';
import { locateInDocument } from './locate.ts';
import { TextIndex } from './text-index.ts';

const corpus = sharedFolder('corpus');

interface Truth {
  file: string;
  password?: string;
  quotes?: { text: string; page: number; pageEnd?: number }[];
}

/** One word of `text` changed, the kind it should be named as, and what the quote and the page then say. */
function changes(text: string): { quote: string; kind: string; said: string; printed: string }[] {
  const out: { quote: string; kind: string; said: string; printed: string }[] = [];
  const number = /(?<![\w.])(\d+)(?![\w])/u.exec(text);
  if (number) {
    const was = number[1]!;
    const now = String(Number(was) + (Number(was) % 10 === 9 ? -3 : 3));
    const kind =
      /^(1[89]|20)\d\d$/u.test(was) || /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w*\s*$/u.test(text.slice(0, number.index)) ? 'date' : 'number';
    out.push({ quote: text.slice(0, number.index) + now + text.slice(number.index + was.length), kind, said: now, printed: was });
  }
  // a capitalized word inside the sentence (a name), replaced by another name
  const name = /(?<=[a-z0-9,;]\s)([A-Z][a-z]{3,})(?=[\s,.])/u.exec(text);
  if (name)
    out.push({ quote: text.slice(0, name.index) + 'Zanzibar' + text.slice(name.index + name[1]!.length), kind: 'entity', said: 'Zanzibar', printed: name[1]! });
  return out;
}

describe.skipIf(!corpus)('changed quotes on real PDFs (../shared/corpus)', () => {
  it('a quote with one number or name changed is never found, and the change is named both ways', { timeout: 120_000 }, async () => {
    let tried = 0;
    for (const file of readdirSync(corpus!).filter((f) => f.endsWith('.truth.json'))) {
      const truth = JSON.parse(readFileSync(path.join(corpus!, file), 'utf8')) as Truth;
      const quotes = (truth.quotes ?? []).filter((q) => q.text.split(/\s+/u).length >= 5);
      if (quotes.length === 0) continue;
      const pdf = await loadPdf(new Uint8Array(readFileSync(path.join(corpus!, truth.file))), truth.password ? { password: truth.password } : {});
      const index = new TextIndex(pdf.pageCount);
      try {
        for (const q of quotes) {
          for (const change of changes(q.text)) {
            tried++;
            const r = await locateInDocument({ pageCount: pdf.pageCount, getPageText: pdf.getPageText, quote: change.quote, page: q.page, index });
            const where = `${truth.file} p. ${q.page}: ${change.quote}`;
            expect(r.found, where).toBe(false);
            expect(r.closest?.page, where).toBe(q.page);
            const named = r.closest!.differences.find((d) => d.quote.includes(change.said) && d.document.includes(change.printed));
            expect(named, `${where} → ${JSON.stringify(r.closest!.differences.map((d) => [d.kind, d.quote, d.document]))}`).toBeDefined();
            expect(named!.kind === change.kind || (change.kind === 'number' && named!.kind === 'date'), where).toBe(true);
            expect(named!.rects.length, where).toBeGreaterThan(0);
          }
        }
      } finally {
        await pdf.close();
      }
    }
    // the corpus has enough such quotes for this to mean something
    expect(tried).toBeGreaterThanOrEqual(15);
  });
});

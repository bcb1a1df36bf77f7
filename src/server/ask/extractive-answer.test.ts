// @vitest-environment node
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPdf } from '../../node/load-pdf.ts';
import { locateInIndex } from '../../core/locate/locate.ts';
import { matchKey, normalizeText } from '../../core/locate/normalize.ts';
import { TextIndex } from '../../core/locate/text-index.ts';
import { parseAnswerMarkdown } from '../../core/markdown/parse-answer-markdown.ts';
import { textUnderBoxes } from '../../core/review/text-under-boxes.ts';
import { DocumentLibrary } from './document-index.ts';
import { escapeMarkdown } from './draft.ts';
import { extractiveDraft } from './extractive-answer.ts';
import { retrieve as retrieveFrom } from './retrieve.ts';
import { createMemorySearchIndex, type IndexedDocument } from './search-index-db.ts';

// The acceptance test of the extractive answerer, over the demo PDFs: every cited passage contains the
// sentence it supports, and its boxes cover it (the words under the boxes, read back from the PDF's own text layer,
// are the quote, and the locator finds the quote exactly there).

const demoDocs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo-data/documents');
const QUESTIONS = [
  'How long until unused vendor accounts are disabled?',
  'Do vendors need multi-factor authentication for remote access?',
  'How long are backups kept?',
  'When must remote sessions time out?',
  'Who approves privileged access and when does it expire?',
  'What must vendor devices run to access Company systems?',
];

let dir: string;
let documents: IndexedDocument[];
const index = createMemorySearchIndex();
const retrieve = (question: string) => retrieveFrom(index, documents, question);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'citelens-extractive-'));
  mkdirSync(path.join(dir, 'documents'));
  for (const id of ['vendor-security-policy', 'data-retention-policy']) {
    copyFileSync(path.join(demoDocs, `${id}.pdf`), path.join(dir, 'documents', `${id}.pdf`));
  }
  // a forbidden copy of a demo PDF: never indexed, so never cited
  copyFileSync(path.join(demoDocs, 'vendor-security-policy.pdf'), path.join(dir, 'documents', 'secret-copy.pdf'));
  writeFileSync(path.join(dir, 'documents', 'secret-copy.meta.json'), JSON.stringify({ title: 'Secret', access: 'forbidden' }));
  writeFileSync(
    path.join(dir, 'documents', 'notes.md'),
    '# Courier notes\n\nParcels to the *north depot* are collected at 7 am. Couriers sign [1] the depot log.\n\n## Returns\n\nReturned parcels are kept for 14 days.\n',
  );
  const library = new DocumentLibrary({ dataDir: dir, warn: () => undefined, index });
  documents = await library.documents();
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The claims of an answer (its paragraphs) as plain text, with the marker keys each one cites. */
function claims(text: string): { words: string; keys: string[] }[] {
  const parsed = parseAnswerMarkdown(text);
  return text.split('\n\n').map((para) => {
    const start = text.indexOf(para);
    const keys = parsed.markers.filter((g) => g.start >= start && g.end <= start + para.length).flatMap((g) => g.refs.map((r) => r.key));
    // the paragraph's words without its markers and Markdown escapes
    const words = para.replace(/ ?\[\d+\]/g, '').replace(/\\(.)/g, '$1');
    return { words, keys };
  });
}

describe('the extractive answerer over the demo PDFs', () => {
  it('indexes the readable documents only', () => {
    expect(documents.map((d) => d.id).sort()).toEqual(['data-retention-policy', 'notes', 'vendor-security-policy']);
  });

  it('every cited passage contains the sentence it supports, and its boxes cover it', async () => {
    const pdfs = new Map<string, TextIndex>();
    let checked = 0;
    for (const question of QUESTIONS) {
      const ranked = await retrieve(question);
      expect(ranked.length, question).toBeGreaterThan(0);
      const draft = extractiveDraft(ranked, documents.length);
      const cs = claims(draft.text);
      expect(cs).toHaveLength(draft.sources.length);
      for (const [i, claim] of cs.entries()) {
        expect(claim.keys, question).toEqual([String(i + 1)]);
        const source = draft.sources[i];
        if (!source) throw new Error('no source');
        expect(draft.citations?.[i]).toEqual({ n: i + 1, sourceId: source.id });
        // the passage contains the sentence (the claim is the quote, word for word)
        expect(matchKey(source.quote ?? ''), question).toContain(matchKey(claim.words));
        expect(source.documentId).not.toBe('secret-copy');
        if (source.documentId === 'notes') continue;

        let index = pdfs.get(source.documentId);
        if (!index) {
          const loaded = await loadPdf(new Uint8Array(await readFile(path.join(dir, 'documents', `${source.documentId}.pdf`))));
          index = new TextIndex(loaded.pageCount);
          for (let n = 1; n <= loaded.pageCount; n++) index.addPage(await loaded.getPageText(n));
          await loaded.close();
          pdfs.set(source.documentId, index);
        }
        const page = index.get(source.page ?? 0);
        if (!page) throw new Error(`no page ${source.page}`);
        expect(source.boxes?.length).toBeGreaterThan(0);
        expect(source.boxes?.every((b) => b.page === source.page && b.x1 > b.x0 && b.y1 > b.y0)).toBe(true);
        // the boxes cover the quote: the words under them are the quote's words, no more and no fewer
        expect(textUnderBoxes(page, source.boxes ?? []).normalized).toBe(normalizeText(source.quote ?? '').text);
        // and they are where the locator (what the viewer runs) finds the quote, exactly
        const located = locateInIndex(index, source.quote ?? '', { page: source.page });
        expect(located.found && located.score).toBe(1);
        expect(located.page).toBe(source.page);
        expect(located.rects).toHaveLength(source.boxes?.length ?? 0);
        located.rects.forEach((r, k) => {
          const b = source.boxes?.[k];
          expect(b?.page).toBe(r.page);
          // stored to a hundredth of a point
          for (const c of ['x0', 'y0', 'x1', 'y1'] as const) expect(Math.abs((b?.[c] ?? Infinity) - r[c])).toBeLessThanOrEqual(0.005 + 1e-9);
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(QUESTIONS.length);
  });

  it('cites each relevant sentence once, best first, at most four, with the section it sits under', async () => {
    const ranked = await retrieve('How long until unused vendor accounts are disabled?');
    expect(ranked.length).toBeLessThanOrEqual(4);
    expect(ranked[0]?.passage.quote).toBe('Vendor accounts that have not been used for 30 days are disabled automatically.');
    expect(ranked[0]?.passage.section).toBe('3.4 Access Reviews');
    expect(ranked[0]?.passage.page).toBe(3);
    const relevances = ranked.map((r) => r.relevance);
    expect([...relevances].sort((a, b) => b - a)).toEqual(relevances);
  });

  it('says plainly that nothing relevant was found for an unrelated question', async () => {
    expect(await retrieve('What is the capital of France?')).toEqual([]);
    const draft = extractiveDraft([], documents.length);
    expect(draft.sources).toEqual([]);
    expect(draft.text).toMatch(/^Nothing relevant was found/);
  });

  it('quotes Markdown documents by character offsets, and no quote becomes Markdown or a second citation', async () => {
    const ranked = await retrieve('When are parcels collected at the north depot?');
    const top = ranked[0];
    expect(top?.document.id).toBe('notes');
    expect(top?.passage.section).toBe('Courier notes');
    const draft = extractiveDraft(ranked, documents.length);
    const source = draft.sources[0];
    expect(source?.location).toEqual({ charStart: expect.any(Number), charEnd: expect.any(Number) });
    expect(draft.documents.find((d) => d.id === 'notes')?.mediaType).toBe('text/markdown');
    // the marker [1] inside the printed words stays text: the answer has exactly one marker per source
    expect(parseAnswerMarkdown(draft.text).markers.flatMap((g) => g.refs.map((r) => r.key))).toEqual(draft.sources.map((_, i) => String(i + 1)));
    expect(escapeMarkdown('Couriers sign [1] the *log*')).toBe('Couriers sign \\[1\\] the \\*log\\*');
  });
});

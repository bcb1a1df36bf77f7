// The review rules on the real demo PDFs, loaded in Node exactly as the CLI loads them (pdf.js legacy build).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPdf, type LoadedPdf } from '../../node/load-pdf.ts';
import { TextIndex } from '../locate/text-index.ts';
import { buildAnswerModel } from '../model/answer-model.ts';
import type { Answer, Source } from '../model/types.ts';
import { checkSource, checkSources, type DocumentText } from './check-source.ts';
import { loadedDocumentCheck, textLayerOf } from './document-check.ts';
import { reviewAnswer } from './review-answer.ts';
import type { ReviewChecks } from './types.ts';

const demo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/demo-data');
const readAnswer = (id: string): Answer => JSON.parse(readFileSync(path.join(demo, 'answers', `${id}.json`), 'utf8')) as Answer;
const readVersion = (id: string): string => (JSON.parse(readFileSync(path.join(demo, 'documents', `${id}.meta.json`), 'utf8')) as { version: string }).version;

let vendor: LoadedPdf;
let retention: LoadedPdf;
let vendorDoc: DocumentText;

beforeAll(async () => {
  vendor = await loadPdf(readFileSync(path.join(demo, 'documents', 'vendor-security-policy.pdf')));
  retention = await loadPdf(readFileSync(path.join(demo, 'documents', 'data-retention-policy.pdf')));
  vendorDoc = { pageCount: vendor.pageCount, getPageText: vendor.getPageText, index: new TextIndex(vendor.pageCount) };
});

afterAll(async () => {
  await vendor?.close();
  await retention?.close();
});

async function checksFor(answer: Answer): Promise<ReviewChecks> {
  const pdfs: Record<string, LoadedPdf> = { 'vendor-security-policy': vendor, 'data-retention-policy': retention };
  const checks: Required<ReviewChecks> = { documents: {}, sources: {} };
  for (const [id, pdf] of Object.entries(pdfs)) {
    const sources = answer.sources.filter((s) => s.documentId === id);
    if (sources.length === 0) continue;
    const index = new TextIndex(pdf.pageCount);
    Object.assign(checks.sources, await checkSources({ pageCount: pdf.pageCount, getPageText: pdf.getPageText, index }, sources, { coords: answer.coords }));
    checks.documents[id] = loadedDocumentCheck(id, { version: readVersion(id), pageCount: pdf.pageCount, hasTextLayer: textLayerOf(index, pdf.pageCount) });
  }
  return checks;
}

describe('the vendor encryption answer against the real PDF', () => {
  it('locates every quote on its page, and every box holds its quote', async () => {
    const answer = readAnswer('vendor-encryption');
    const checks = await checksFor(answer);
    for (const s of answer.sources) {
      const check = checks.sources![s.id]!;
      expect(check.status, s.id).toMatchObject({ kind: 'located', page: s.page });
      expect(check.boxes?.matches, s.id).toBe(true);
    }
    const r = reviewAnswer(answer, buildAnswerModel(answer), checks);
    // the one finding is the opening summary sentence, which cites nothing
    expect(r.flags.map((f) => f.code)).toEqual(['uncited']);
    expect(checks.documents!['vendor-security-policy']!.hasTextLayer).toBe(true);
  });

  it('flags the quote the PDF does not contain, and a claim its passage does not state', async () => {
    const answer = readAnswer('retention-vs-security');
    const r = reviewAnswer(answer, buildAnswerModel(answer), await checksFor(answer));
    const notFound = r.flags.find((f) => f.code === 'quote-not-found');
    expect(notFound?.evidence).toMatchObject({ sourceId: 'S4', documentId: 'data-retention-policy' });
    expect(notFound?.reason).toContain('Searched page 2, pages 1, 3 and 4 around it, then the rest of the document (5 pages in all).');
    expect(r.sources.S4?.kind).toBe('not-located');
    // "… so a vendor holding such records must not delete them within the 30-day window [2]": [2] says no such thing
    const claim = r.claims.find((c) => answer.text.slice(c.start, c.end).includes('30-day window'))!;
    expect(claim.flags.filter((f) => f.code === 'needs-look' || f.code === 'contradicted').map((f) => f.reason)).toContain(
      'Needs a look: the cited passage does not state “30-day window”.',
    );
  });
});

describe('checkSource on the real PDF', () => {
  const base: Source = {
    id: 'X',
    documentId: 'vendor-security-policy',
    page: 5,
    quote: 'All Company data transmitted over any network must be encrypted using TLS 1.2 or higher; TLS 1.3 is preferred wherever both endpoints support it.',
  };

  it('wrong page: found on page 5 while the source claims page 9', async () => {
    const c = await checkSource(vendorDoc, { ...base, page: 9 });
    expect(c.status).toMatchObject({ kind: 'wrong-page', foundPage: 5, claimedPages: [9], score: 1 });
  });

  it('altered quote: the passage on page 5, differing by its words and by a number, with both named', async () => {
    const c = await checkSource(vendorDoc, {
      ...base,
      quote: base.quote!.replace('transmitted over any network', 'sent across any network').replace('TLS 1.2', 'TLS 1.1'),
    });
    expect(c.status.kind).toBe('differs');
    if (c.status.kind === 'differs') {
      expect(c.status.page).toBe(5);
      expect(c.status.text).toContain('transmitted over any network');
      expect(c.status.differences.map((d) => [d.kind, d.quote, d.document])).toEqual([
        ['word', 'sent across', 'transmitted over'],
        ['number', 'TLS 1.1', 'TLS 1.2'],
      ]);
    }
  });

  it('fabricated quote: not located after searching the whole document', async () => {
    const c = await checkSource(vendorDoc, { ...base, quote: 'Vendors must rotate their passwords every 60 days and never write them down.' });
    expect(c.status.kind).toBe('not-located');
    if (c.status.kind === 'not-located')
      expect(c.status.searched).toMatchObject({ hintedPages: [5], wholeDocument: true, pageCount: vendor.pageCount, pagesWithoutText: [] });
  });

  it('boxes on the wrong line miss the evidence and say what they cover', async () => {
    const answer = readAnswer('vendor-encryption');
    const s1 = answer.sources.find((s) => s.id === 'S1')!;
    const good = await checkSource(vendorDoc, s1);
    expect(good.boxes?.matches).toBe(true);
    const moved = { ...s1, boxes: s1.boxes!.map((b) => ({ ...b, y0: b.y0 + 56, y1: b.y1 + 56 })) };
    const bad = await checkSource(vendorDoc, moved);
    expect(bad.boxes?.matches).toBe(false);
    expect(bad.boxes?.text.length).toBeGreaterThan(0);
    expect(bad.boxes?.text).not.toContain('TLS 1.2');
  });

  it('a version the server no longer serves is flagged', async () => {
    const answer: Answer = { ...readAnswer('vendor-encryption') };
    answer.sources = answer.sources.map((s) => (s.id === 'S1' ? { ...s, documentVersion: '2025-01' } : s));
    const r = reviewAnswer(answer, buildAnswerModel(answer), await checksFor(answer));
    const f = r.flags.find((x) => x.code === 'version-mismatch');
    expect(f?.details).toEqual({ expectedVersion: '2025-01', servedVersion: '2026-03' });
  });
});

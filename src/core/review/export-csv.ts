// The review export as CSV (RFC 4180): one row per claim × citation, CRLF line ends, fields quoted when they hold a
// quote, a comma or a line break. Notes and claims are untrusted and spreadsheets run formulas, so a cell that a
// spreadsheet would read as a formula (=, +, -, @, tab or CR first) is prefixed with an apostrophe (OWASP's advice).
// A spreadsheet in a locale whose list separator is ";" (German, French, …) splits on ";" and tabs, not commas:
// `x;=1+1` written unquoted became a cell "=1+1", a formula (issue 34). So every cell that holds any separator a
// spreadsheet may split on is quoted, and a formula character right after a separator inside a cell gets the same
// apostrophe as one at its start: quoting alone does not hold when a comma earlier on the line makes a
// semicolon-splitting reader start its cell in the middle of ours (`a,"x;=1"` → `a,"x` and `=1"`).
import type { ExportEntry, ExportFlag, ReviewExport } from './export.ts';

export const CSV_COLUMNS = [
  'answer_id',
  'claim_id',
  'claim',
  'citation_key',
  'source_id',
  'document_id',
  'document_title',
  'quote',
  'page',
  'found_page',
  'status',
  'verdict',
  'flag_codes',
  'flag_reasons',
  'decision',
  'note',
  'reviewer',
  'decided_at',
] as const;

const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/u;
/** What a spreadsheet may split a line on (its list separator, whatever the locale), and what RFC 4180 quotes. */
const NEEDS_QUOTES = /[",;\t\r\n|]/u;
/**
 * A separator (and any spaces) followed by a formula character: where a splitting reader would start a formula. Spaces
 * only, not \s: a tab is a separator itself (and `\t\s*` over a run of tabs would backtrack quadratically).
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t|] *)(?=[=+\-@])/gu;

/** One field: neutralised if a spreadsheet would run it, quoted if it holds anything a spreadsheet may split on. */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string') {
    if (FORMULA_START.test(s)) s = `'${s}`;
    s = s.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  }
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/gu, '""')}"` : s;
}

const codes = (flags: readonly ExportFlag[]) => flags.map((f) => f.code).join('; ');
const reasons = (flags: readonly ExportFlag[]) => flags.map((f) => `[${f.severity}] ${f.code}: ${f.reason}`).join('\n');

function row(answerId: string, e: ExportEntry): Array<string | number | null> {
  return [
    e.answerId ?? answerId,
    e.claimId,
    e.claim,
    e.citation?.key ?? null,
    e.citation?.sourceId ?? null,
    e.document?.id ?? null,
    e.document?.title ?? null,
    e.quote,
    e.page,
    e.foundPage,
    e.status,
    e.verdict,
    codes(e.flags),
    reasons(e.flags),
    e.decision,
    e.note,
    e.reviewer,
    e.decidedAt,
  ];
}

/**
 * The CSV text: a header row, then (when the answer as a whole is flagged) one row with an empty claim id holding
 * those flags, then one row per entry.
 */
export function reviewExportToCsv(exp: ReviewExport): string {
  const rows: Array<ReadonlyArray<string | number | null>> = [CSV_COLUMNS];
  if (exp.answerFlags.length > 0) {
    const whole: Array<string | number | null> = CSV_COLUMNS.map(() => null);
    whole[0] = exp.answerId;
    whole[2] = '(the answer as a whole)';
    whole[CSV_COLUMNS.indexOf('flag_codes')] = codes(exp.answerFlags);
    whole[CSV_COLUMNS.indexOf('flag_reasons')] = reasons(exp.answerFlags);
    rows.push(whole);
  }
  for (const e of exp.entries) rows.push(row(exp.answerId, e));
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

// The pure half of the viewer benchmark (unit-tested in stats.test.ts): medians, ratios, targets, and the tables.

export type Unit = 'ms' | 'MB' | 'kB' | 'count' | 'ratio' | 'pages/s' | '%';

/** How a figure is judged (issue "Scale and speed", Targets). Ratios are citelens ÷ reference, of the medians. */
export type Target =
  | { kind: 'ratio-at-most'; max: number }
  | { kind: 'ratio-at-least'; min: number }
  /** Every citelens value (not only the median) at most `limit`. */
  | { kind: 'all-at-most'; limit: number; text: string }
  /** The citelens median at most `limit`. */
  | { kind: 'median-at-most'; limit: number; text: string }
  | { kind: 'none' };

export interface Series {
  label: string;
  unit: Unit;
  citelens: number[];
  reference: number[];
  /** Runs that timed out or failed, per side. */
  failed?: { citelens: number; reference: number };
  target: Target;
  note?: string;
}

export interface Row {
  figure: string;
  citelens: string;
  reference: string;
  ratio: string;
  target: string;
  verdict: string;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0–100). */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1]!;
}

/** citelens ÷ reference; null when either is missing or the reference is 0 (then a ratio means nothing). */
export function ratio(citelens: number | null, reference: number | null): number | null {
  if (citelens === null || reference === null || reference === 0) return null;
  return citelens / reference;
}

export function formatValue(v: number | null, unit: Unit): string {
  if (v === null || !Number.isFinite(v)) return '—';
  switch (unit) {
    case 'ms':
      return `${Math.round(v)} ms`;
    case 'MB':
      return `${(v / 1048576).toFixed(1)} MB`;
    case 'kB':
      return `${(v / 1024).toFixed(0)} kB`;
    case 'count':
      return Number.isInteger(v) ? String(v) : v.toFixed(1);
    case 'ratio':
      return v.toFixed(2);
    case 'pages/s':
      return `${Math.round(v)} pages/s`;
    case '%':
      return `${(v * 100).toFixed(0)} %`;
    default: {
      const never: never = unit;
      return String(never);
    }
  }
}

function cell(values: readonly number[], unit: Unit, failed: number): string {
  const m = median(values);
  if (m === null) return failed ? `failed (${failed})` : '—';
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const range = values.length > 1 && lo !== hi ? ` (${formatValue(lo, unit).replace(/ .*/, '')}–${formatValue(hi, unit).replace(/ .*/, '')})` : '';
  return `${formatValue(m, unit)}${range}${failed ? ` [${failed} timed out]` : ''}`;
}

function targetText(t: Target): string {
  switch (t.kind) {
    case 'ratio-at-most':
      return `≤ ${t.max}×`;
    case 'ratio-at-least':
      return `≥ ${t.min}×`;
    case 'all-at-most':
    case 'median-at-most':
      return t.text;
    case 'none':
      return '';
    default: {
      const never: never = t;
      return String(never);
    }
  }
}

/** 'met', 'MISSED' or 'no data' (a target without figures to judge is never reported as met). */
export function verdict(s: Series): string {
  const t = s.target;
  const c = median(s.citelens);
  switch (t.kind) {
    case 'none':
      return '';
    case 'ratio-at-most': {
      const r = ratio(c, median(s.reference));
      return r === null ? 'no data' : r <= t.max ? 'met' : 'MISSED';
    }
    case 'ratio-at-least': {
      const r = ratio(c, median(s.reference));
      return r === null ? 'no data' : r >= t.min ? 'met' : 'MISSED';
    }
    case 'all-at-most':
      return s.citelens.length === 0 ? 'no data' : Math.max(...s.citelens) <= t.limit && !s.failed?.citelens ? 'met' : 'MISSED';
    case 'median-at-most':
      return c === null ? 'no data' : c <= t.limit ? 'met' : 'MISSED';
    default: {
      const never: never = t;
      return String(never);
    }
  }
}

export function toRow(s: Series): Row {
  const r = ratio(median(s.citelens), median(s.reference));
  return {
    figure: s.label,
    citelens: cell(s.citelens, s.unit, s.failed?.citelens ?? 0),
    reference: s.reference.length || s.failed?.reference ? cell(s.reference, s.unit, s.failed?.reference ?? 0) : '—',
    ratio: r === null ? '—' : `${r.toFixed(2)}×`,
    target: targetText(s.target),
    verdict: verdict(s),
  };
}

const HEAD: Row = { figure: 'figure', citelens: 'citelens', reference: 'pdf.js viewer', ratio: 'ratio', target: 'target', verdict: 'verdict' };

export function markdownTable(rows: readonly Row[]): string {
  const esc = (v: string) => v.replaceAll('|', '\\|');
  const line = (r: Row) => `| ${[r.figure, r.citelens, r.reference, r.ratio, r.target, r.verdict].map(esc).join(' | ')} |`;
  return [line(HEAD), '|---|---:|---:|---:|---|---|', ...rows.map((r) => line({ ...r, verdict: r.verdict === 'MISSED' ? '**MISSED**' : r.verdict }))].join(
    '\n',
  );
}

export function textTable(rows: readonly Row[]): string {
  const keys = ['figure', 'citelens', 'reference', 'ratio', 'target', 'verdict'] as const;
  const all = [HEAD, ...rows];
  const width = keys.map((k) => Math.max(...all.map((r) => r[k].length)));
  const line = (r: Row) =>
    keys
      .map((k, i) => (i === 0 || i >= 4 ? r[k].padEnd(width[i]!) : r[k].padStart(width[i]!)))
      .join(' | ')
      .trimEnd();
  return [line(HEAD), width.map((w) => '-'.repeat(w)).join('-+-'), ...rows.map(line)].join('\n');
}

/**
 * docs/benchmarks.md holds one section per producer between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`: the
 * text with NAME's section replaced by `body` (appended when absent), every other byte kept.
 */
export function replaceSection(current: string, name: string, body: readonly string[]): string {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const section = [start, ...body, end].join('\n');
  const s = current.indexOf(start);
  const e = s >= 0 ? current.indexOf(end, s) : -1;
  return s >= 0 && e > s ? current.slice(0, s) + section + current.slice(e + end.length) : `${current.trimEnd()}\n\n${section}\n`;
}

/** How close to a page painted earlier in the session a jump may not land: it and its neighbours may still be drawn. */
const NEAR = 2;

/**
 * The jump pattern of a pass: 1000 → 1 → 500 → 125 → 875 for 1,000 pages, shifted by `pass` × 37 pages, with no
 * page within NEAR of the opening's page 1 or of an earlier jump's (a page there may still be painted: the issue's
 * "so that no page is cached"). Such a jump goes to the next page that is farther, or is left out when there is none
 * (a short document has fewer jumps).
 */
export function jumpPattern(pages: number, pass: number): number[] {
  const base = [pages, 1, Math.round(pages / 2), Math.round(pages / 8), Math.round((pages * 7) / 8)];
  const shift = (pass * 37) % pages;
  const seen = [1];
  const out: number[] = [];
  for (const p of base) {
    const from = ((p - 1 + pages - shift) % pages) + 1;
    for (let k = 0; k < pages; k++) {
      const q = ((from - 1 + k) % pages) + 1;
      if (seen.some((s) => Math.abs(s - q) <= NEAR)) continue;
      seen.push(q);
      out.push(q);
      break;
    }
  }
  return out;
}

// The answer route benchmark's figures: clicks paired between the two viewers, the series with issue #37's targets,
// and the section of docs/benchmarks.md that `npm run bench` owns.
import type { Collector, RunInfo } from './report.ts';
import type { Click, Viewer } from './route-drive.ts';
import type { RouteDoc } from './route-data.ts';
import { markdownTable, toRow, type Row, type Series, type Target, type Unit } from './stats.ts';

/**
 * One pass's clicks of one document, by both viewers (the same markers in the same order). A click counts as "not
 * drawn" or "drawn" when both viewers had its page in that state; when they differ (pdf.js keeps 10 pages drawn,
 * citelens its visible pages and the last citation's), each side's time is shown in a row of its own, unjudged.
 */
export function pairClicks(c: Collector, key: string, sides: Partial<Record<Viewer, Click[]>>, prefix = ''): void {
  const [a, b] = [sides.citelens, sides.reference];
  if (!a || !b) return;
  a.forEach((mine, i) => {
    const theirs = b[i];
    if (!theirs) return;
    for (const [v, x] of [
      ['citelens', mine],
      ['reference', theirs],
    ] as const) {
      const state = mine.drawn === theirs.drawn ? (x.drawn ? 'drawn' : 'cold') : x.drawn ? 'drawn-alone' : 'cold-alone';
      c.addOrFail(`${prefix}click-${state}-${key}`, v, x.shown);
      if (state === 'cold' && x.shown !== null && x.painted !== null) c.add(`${prefix}click-gap-${key}`, v, x.shown - x.painted);
    }
  });
}

const NONE: Target = { kind: 'none' };
const AT_MOST = (max: number): Target => ({ kind: 'ratio-at-most', max });
const NO_LONG_TASK: Target = { kind: 'all-at-most', limit: 100, text: 'no task > 100 ms' };

export interface RouteFigures {
  docs: RouteDoc[];
  search: { answer: string; pages: number }[];
  js: { citelensGzip: number; citelensWire: number; referenceGzip: number; referenceWire: number; budget: number; pdfjs: number; react: number } | null;
}

export function routeSeries(c: Collector, f: RouteFigures, throttled: boolean): Series[] {
  const s = (label: string, key: string, unit: Unit, target: Target = NONE): Series => {
    const v = c.get(key);
    return { label, unit, citelens: v.citelens, reference: v.reference, failed: v.failed, target };
  };
  const out: Series[] = [];
  const t = throttled ? 'x4:' : '';
  const docs = throttled ? f.docs.filter((d) => c.get(`${t}open-${d.doc}`).citelens.length) : f.docs;
  for (const d of docs) out.push(s(`open an answer → page 1 painted, ${d.label}`, `${t}open-${d.doc}`, 'ms', AT_MOST(1.1)));
  for (const d of docs) out.push(s(`deep link → cited page painted with its highlight, ${d.label}`, `${t}link-${d.doc}`, 'ms', AT_MOST(1.1)));
  for (const d of docs) {
    out.push(s(`click → highlight shown, page not drawn, ${d.label}`, `${t}click-cold-${d.doc}`, 'ms', AT_MOST(1.1)));
    out.push(s(`click → highlight shown, page drawn, ${d.label}`, `${t}click-drawn-${d.doc}`, 'ms', AT_MOST(1.1)));
    if (!throttled)
      out.push(
        s(`↳ highlight after its page was painted, ${d.label}`, `click-gap-${d.doc}`, 'ms', { kind: 'median-at-most', limit: 17, text: '≤ 1 frame (17 ms)' }),
      );
    for (const alone of ['cold-alone', 'drawn-alone'] as const) {
      const v = c.get(`${t}click-${alone}-${d.doc}`);
      if (v.citelens.length || v.reference.length) {
        out.push(s(`↳ clicks whose page only this viewer had ${alone === 'cold-alone' ? 'not ' : ''}drawn, ${d.label}`, `${t}click-${alone}-${d.doc}`, 'ms'));
      }
    }
  }
  // The generated documents: the 10, 1,000 and 5,000 pages.
  for (const d of docs.filter((x) => x.doc.startsWith('bench-'))) {
    out.push(s(`longest task, opening (to 2 s after page 1), ${d.label}`, `${t}open-longest-${d.doc}`, 'ms', NO_LONG_TASK));
    out.push(s(`longest task, deep link, ${d.label}`, `${t}link-longest-${d.doc}`, 'ms', NO_LONG_TASK));
    out.push(s(`longest task, clicks, ${d.label}`, `${t}click-longest-${d.doc}`, 'ms', NO_LONG_TASK));
  }
  if (throttled) return out;
  for (const x of f.search) {
    const label = `${x.pages.toLocaleString('en')} p.`;
    out.push(s(`quote with no page, link → highlight shown (whole-document search; pdf.js: #search=), ${label}`, `search-${x.answer}`, 'ms', AT_MOST(1.0)));
    out.push(s(`longest task, whole-document search, ${label}`, `search-longest-${x.answer}`, 'ms', NO_LONG_TASK));
  }
  for (const d of f.docs.filter((x) => x.short)) {
    out.push(s(`JS heap, main + workers, after opening and the clicks, ${d.label}`, `heap-${d.doc}`, 'MB', AT_MOST(1.3)));
  }
  if (f.js) {
    const kB = (x: number) => Math.round(x / 1024);
    const budget = `≤ ${kB(f.js.budget)} kB (pdf.js ${kB(f.js.pdfjs)} + React ${kB(f.js.react)} + 60)`;
    out.push({
      label: 'JS before page 1 is painted, gzip (worker excluded)',
      unit: 'kB',
      citelens: [f.js.citelensGzip],
      reference: [f.js.referenceGzip],
      target: { kind: 'all-at-most', limit: f.js.budget, text: budget },
    });
    out.push({
      label: '↳ bytes on the wire (as served)',
      unit: 'kB',
      citelens: [f.js.citelensWire],
      reference: [f.js.referenceWire],
      target: { kind: 'all-at-most', limit: f.js.budget, text: 'served compressed, within the same budget' },
    });
  }
  return out;
}

export interface Section extends RunInfo {
  rows: Row[];
  throttledRows: Row[];
  throttledPasses: number;
  /** The run's day (UTC), YYYY-MM-DD. */
  date: string;
  note?: string;
}

export const toRows = (series: Series[]): Row[] => series.map(toRow);

export function routeSection(o: Section): string[] {
  const missed = [...o.rows, ...o.throttledRows].filter((r) => r.verdict === 'MISSED').map((r) => r.figure);
  return [
    "## The answer route: citelens vs pdf.js's viewer (issue #37)",
    '',
    'What a reader waits for on the answer route (`/?answer=A`, `/?answer=A&cite=N`, then clicks on its markers), beside',
    "pdf.js's own viewer components (PDFViewer + EventBus + PDFLinkService + PDFFindController) at pdf.js's **default**",
    'loading options (range requests, streaming and auto-fetch on), on the same PDF, in a box of the same size with its',
    'pages drawn at the same size, next to a column of citation links (`scripts/bench/ref/route.ts`). Both are served by',
    'our server code over the same data folder (real answers citing the 10-, 1,000- and 5,000-page PDFs and corpus PDFs',
    "by page and quote; the reference highlights the quote's box). Production build, headless Debian Chromium, 1280×800,",
    'dpr 1, a fresh browser context per session, citelens and the reference alternating, medians (min–max) of',
    `${o.passes} passes. Times come from one in-page probe on both pages (\`scripts/bench/route-probe.ts\`): a page is painted at`,
    'the first animation frame its canvas in view shows ink, a highlight is shown once it is in view on that page; a',
    'click starts at its `click` event (Playwright `click`, real input), an opening at navigation. Clicks: far pages',
    'first, then a second citation of the page on screen, then an earlier one; a click whose page only one viewer still',
    'had drawn is shown apart. The product has no hook for the bench.',
    '',
    markdownTable(o.rows),
    '',
    `**CPU throttled 4×** (CDP \`Emulation.setCPUThrottlingRate\`, the page's main thread), ${o.throttledPasses} passes:`,
    '',
    o.throttledRows.length ? markdownTable(o.throttledRows) : '(not run)',
    '',
    missed.length ? `Missed: ${missed.join('; ')}.` : 'Every target with figures was met.',
    '',
    `Generated by \`${o.command}\` on ${o.date} in ${o.minutes} min. Code: ${o.code}. Machine: ${o.machine}; ${o.load}.`,
    ...(o.note ? ['', o.note] : []),
  ];
}

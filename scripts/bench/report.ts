// Figures collected run by run, turned into the table's series (with the targets), and the section of
// docs/benchmarks.md that `npm run bench` owns.
import { AFTER_CLOSE_MS, type Viewer } from './drive.ts';
import type { MemorySample } from './memory.ts';
import type { FirstPaintJs, JsBudget } from './first-paint-js.ts';
import type { Row, Series, Target, Unit } from './stats.ts';

interface Values {
  citelens: number[];
  reference: number[];
  failed: { citelens: number; reference: number };
}

export class Collector {
  private readonly values = new Map<string, Values>();

  private entry(key: string): Values {
    let v = this.values.get(key);
    if (!v) this.values.set(key, (v = { citelens: [], reference: [], failed: { citelens: 0, reference: 0 } }));
    return v;
  }

  add(key: string, viewer: Viewer, value: number): void {
    if (Number.isFinite(value)) this.entry(key)[viewer].push(value);
  }

  /** A timed-out measurement (null) counts as a failure, never as a number. */
  addOrFail(key: string, viewer: Viewer, value: number | null): void {
    if (value === null || !Number.isFinite(value)) this.fail(key, viewer);
    else this.add(key, viewer, value);
  }

  fail(key: string, viewer: Viewer): void {
    this.entry(key).failed[viewer]++;
  }

  clear(key: string): void {
    this.values.delete(key);
  }

  get(key: string): Values {
    return this.entry(key);
  }
}

const NONE: Target = { kind: 'none' };
const pages = (n: number) => (n >= 1000 ? `${n / 1000},000` : String(n));

export function seriesOf(
  c: Collector,
  o: { dprs: number[]; corpus: { id: string; name: string; pages: number }[]; js: FirstPaintJs; budget: JsBudget },
): Series[] {
  const s = (label: string, key: string, unit: Unit, target: Target = NONE): Series => {
    const v = c.get(key);
    return { label, unit, citelens: v.citelens, reference: v.reference, failed: v.failed, target };
  };
  const out: Series[] = [];
  // Shown only when a jump found its page still painted (paired-jumps.ts): how many per pass, and how long to the frame.
  const paintedRows = (key: string, what: string) => {
    const n = c.get(`jump-painted-${key}`);
    if (![...n.citelens, ...n.reference].some((x) => x > 0)) return;
    out.push(s(`M1 ↳ jumps a pass to a page still painted (left out of M1), ${what}`, `jump-painted-${key}`, 'count'));
    out.push(s(`M1 ↳ those jumps → next frame, ${what}`, `jump-painted-ms-${key}`, 'ms'));
  };
  for (const d of o.dprs) {
    const at = `@${d}`;
    const tag = `, dpr ${d}`;
    for (const n of [1000, 5000]) {
      out.push(s(`M1 jump → page painted, ${pages(n)} p.${tag}`, `jump-paint-${n}${at}`, 'ms', { kind: 'ratio-at-most', max: 1.1 }));
      out.push(s(`M1 jump → text layer + highlight, ${pages(n)} p.${tag}`, `jump-text-${n}${at}`, 'ms'));
      out.push(
        s(`M1 highlight after the page, ${pages(n)} p.${tag}`, `jump-gap-${n}${at}`, 'ms', { kind: 'median-at-most', limit: 17, text: '≤ 1 frame (17 ms)' }),
      );
      paintedRows(`${n}${at}`, `${pages(n)} p.${tag}`);
    }
    for (const n of [10, 1000, 5000])
      out.push(s(`M2 open → page 1 painted, ${pages(n)} p.${tag}`, `open-${n}${at}`, 'ms', { kind: 'ratio-at-most', max: 1.1 }));
    for (const n of [10, 1000, 5000]) out.push(s(`M2 open → viewer ready for a jump, ${pages(n)} p.${tag}`, `ready-${n}${at}`, 'ms'));
    for (const n of [1000, 5000]) out.push(s(`M2 open → every page's size known, ${pages(n)} p.${tag}`, `settled-${n}${at}`, 'ms'));
    for (const n of [1000, 5000]) {
      const limit: Target = n === 5000 ? { kind: 'all-at-most', limit: 200, text: 'no task > 200 ms' } : NONE;
      out.push(s(`M3 longest task, opening ${pages(n)} p.${tag}`, `open-longest-${n}${at}`, 'ms', limit));
      out.push(s(`M3 total blocking, opening ${pages(n)} p.${tag}`, `open-tbt-${n}${at}`, 'ms'));
      out.push(s(`M3 longest task, 5 jumps, ${pages(n)} p.${tag}`, `jump-longest-${n}${at}`, 'ms', limit));
      out.push(s(`M3 total blocking, 5 jumps, ${pages(n)} p.${tag}`, `jump-tbt-${n}${at}`, 'ms'));
    }
    out.push(s(`M4 p95 frame, scrolling 100 pages${tag}`, `scroll-p95${at}`, 'ms', { kind: 'ratio-at-most', max: 1.2 }));
    out.push(s(`M4 frames showing a blank page${tag}`, `scroll-blank${at}`, '%'));
    for (const phase of ['steady', 'closed'] as const) {
      const when = phase === 'steady' ? 'after scroll + 20 jumps' : 'after closing';
      if (c.get(`${phase}-canvases${at}`).citelens.length === 0 && c.get(`${phase}-canvases${at}`).reference.length === 0) continue;
      out.push(s(`M5 live canvases, ${when}${tag}`, `${phase}-canvases${at}`, 'count'));
      out.push(s(`M5 canvas bytes, ${when}${tag}`, `${phase}-canvasBytes${at}`, 'MB', phase === 'steady' ? { kind: 'ratio-at-most', max: 1 } : NONE));
      out.push(
        s(`M5 DOM nodes in the viewer, ${when}${tag}`, `${phase}-domNodes${at}`, 'count', phase === 'steady' ? { kind: 'ratio-at-most', max: 1 } : NONE),
      );
      out.push(
        s(`M5 JS heap, main + workers, ${when}${tag}`, `${phase}-heapTotal${at}`, 'MB', phase === 'steady' ? { kind: 'ratio-at-most', max: 1.3 } : NONE),
      );
      out.push(s(`M5 ↳ main thread heap, ${when}${tag}`, `${phase}-heapMain${at}`, 'MB'));
      out.push(s(`M5 ↳ worker heaps, ${when}${tag}`, `${phase}-heapWorkers${at}`, 'MB'));
    }
    if (c.get(`text-per-page${at}`).citelens.length) {
      out.push(s(`M6 text requests ÷ pages rendered${tag}`, `text-per-page${at}`, 'count'));
      out.push(s(`M6 most text requests for one page${tag}`, `text-max-per-page${at}`, 'count', { kind: 'all-at-most', limit: 1, text: 'exactly 1 per page' }));
    }
  }
  // "After closing, the heap returns to within 10 % of where it was": before a document's opening, the page's code
  // loaded. The first opening also compiles the viewer's code, which stays while the page does, in either viewer: the
  // target is judged on the second document, and the first is shown beside it.
  out.push(s('M5 JS heap, main + workers, before any document is opened', 'heap-before', 'MB'));
  out.push(s('M5 ↳ after opening, scrolling, 5 jumps and closing', 'heap-closed-first', 'MB'));
  out.push(s('M5 ↳ after doing it again', 'heap-closed-second', 'MB'));
  out.push(s('M5 heap after closing ÷ before that opening, first document', 'heap-return-first', '%'));
  out.push(
    s('M5 heap after closing ÷ before that opening, second document', 'heap-return-second', '%', { kind: 'median-at-most', limit: 1.1, text: '≤ 110 %' }),
  );
  out.push(s('M6 whole-document text indexing, 1,000 p.', 'index-speed', 'pages/s', { kind: 'ratio-at-least', min: 0.9 }));
  out.push(s('M6 longest task while indexing', 'index-longest', 'ms'));
  out.push(s('M6 total blocking while indexing', 'index-tbt', 'ms'));
  for (const doc of o.corpus) {
    out.push(s(`M2 open, corpus ${doc.name} (${doc.pages} p.)`, `open-${doc.id}`, 'ms', { kind: 'ratio-at-most', max: 1.1 }));
    out.push(s(`M2 open → viewer ready for a jump, corpus ${doc.name}`, `ready-${doc.id}`, 'ms'));
    out.push(s(`M1 jump → page painted, corpus ${doc.name}`, `jump-paint-${doc.id}`, 'ms', { kind: 'ratio-at-most', max: 1.1 }));
    paintedRows(doc.id, `corpus ${doc.name}`);
    // Not a target: the same jumps to pages an answer cites, which citelens prepares ahead (pdf.js's viewer cannot).
    if (c.get(`jump-paint-cited-${doc.id}`).citelens.length) {
      out.push(s(`M1 ↳ the same jumps to cited pages, prepared ahead, corpus ${doc.name}`, `jump-paint-cited-${doc.id}`, 'ms'));
    }
  }
  const kB = (n: number) => Math.round(n / 1024);
  const budget = `≤ ${kB(o.budget.budget)} kB (pdf.js ${kB(o.budget.pdfjs)} + React ${kB(o.budget.react)} + 60)`;
  out.push({
    label: 'M7 JS before first paint, gzip (worker excluded), /bench',
    unit: 'kB',
    citelens: [o.js.bench.gzip],
    reference: [o.js.reference.gzip],
    target: { kind: 'all-at-most', limit: o.budget.budget, text: budget },
  });
  out.push({
    label: 'M7 ↳ the same, bytes on the wire (served uncompressed)',
    unit: 'kB',
    citelens: [o.js.bench.wire],
    reference: [o.js.reference.wire],
    target: NONE,
  });
  // Not judged by the budget, which leaves 60 kB beside pdf.js and React for a viewer: this page also draws the
  // answer and the review panel before page 1 is painted. Shown so that its weight is never out of sight.
  out.push({
    label: "M7 the app's answer route (answer, review panel and viewer), gzip",
    unit: 'kB',
    citelens: [o.js.app.gzip],
    reference: [o.js.reference.gzip],
    target: NONE,
  });
  return out;
}

/** What every bench section says of its run. */
export interface RunInfo {
  command: string;
  code: string;
  machine: string;
  load: string;
  minutes: string;
  passes: number;
}

export function reportSection(
  o: RunInfo & {
    /** The corpus files' passes (more than `passes`: see bench.ts). */
    corpusPasses: number;
    quick: boolean;
    bytes: Record<number, number>;
    table: string;
    rows: Row[];
    note: string | undefined;
  },
): string[] {
  const missed = o.rows.filter((r) => r.verdict === 'MISSED').map((r) => r.figure);
  const noData = o.rows.filter((r) => r.verdict === 'no data').map((r) => r.figure);
  const mb = (n: number | undefined) => `${((n ?? 0) / 1048576).toFixed(1)} MB`;
  return [
    '## Viewer: citelens vs pdf.js viewer components (the /bench diagnostic, not a target)',
    '',
    "Both sides are driven through the same `window.__bench` v1 (`src/app/bench/bench-api.ts`): citelens's `/bench?file=URL`",
    '(the real viewer as the app draws it, no answer pane; served with CITELENS_BENCH=1) and a reference page built from',
    "pdf.js's own `PDFViewer` + `EventBus` + `PDFLinkService` + `PDFFindController` (same pdfjs-dist, worker and resources,",
    "pdf.js's default loading options; `scripts/bench/ref`), each served by our server code over the same data folder.",
    `Production build, headless Debian Chromium, window 1280×800 (the scroll container fills it), fit width (pdf.js's`,
    `'page-width'), device pixel ratio 1 and 2.`,
    `Documents: text-heavy PDFs generated with pdf-lib (10 p. ${mb(o.bytes[10])}, 1,000 p. ${mb(o.bytes[1000])}, 5,000 p. ${mb(o.bytes[5000])};`,
    '`scripts/bench/documents.ts`) and, in a full run, the multi-page PDFs of `../shared/corpus`. A fresh browser context per',
    `session; ${o.passes} pass${o.passes > 1 ? 'es' : ''} (${o.corpusPasses} for a corpus file, which gives at most four jumps a pass), citelens and the`,
    'reference alternating; medians (min–max) over every run of every pass.',
    '',
    '- **M1**: `jumpTo(page)`: a citation target (citelens) or `scrollPageIntoView` + a highlight div (reference); to the canvas',
    '  drawn (citelens: a page canvas showing the page; reference: `pagerendered`) and to the text layer and highlight in view.',
    '  Jumps 1000 → 4 → 500 → 125 → 875 (and ×5 at 5,000 pages), shifted 37 pages per pass, 300 ms apart, none within 2 pages',
    "  of page 1 or of an earlier jump's (`jumpPattern`: a short corpus file has fewer); a jump that either viewer found",
    '  still painted (timed to the next frame) is left out of M1 for both and counted in a row of its own (`paired-jumps.ts`).',
    "  Below each corpus file's M1, not a target: citelens opened with those pages cited (`/bench?…&cited=`, as an answer's",
    "  citations), which it prepares in the 2 s after the first paint, making the same jumps (5 passes), beside the reference's.",
    '- **M2**: navigation → page 1 painted (three opens a pass at 10 p.); → the viewer ready for a jump (citelens: `loaded`;',
    "  pdf.js: `pagesinit`); → every page's size known (`settled`, the reference only: citelens's viewer has no hook",
    '  for it; read after the five jumps).',
    '  **M3**: `longtask` entries (total blocking = their time over 50 ms) from navigation to 2 s after the first paint,',
    '  and over the five jumps.',
    '- **M4**: 100 pages scrolled in 5 s, one step per animation frame; blank = a page in view shows no canvas.',
    '- **M5**: after a full scroll (50 steps, 100 ms apart) and 20 jumps, then after `close()`: canvases with pixels in the',
    '  scroll container (4 bytes a pixel), elements in the viewer element, JS heaps after a forced GC (CDP, workers as targets),',
    `  read ${AFTER_CLOSE_MS / 1000} s after closing. The heap cycle (dpr 1, 1,000 p., at most 3 passes): the page opened with no document`,
    '  (`open=0`), then twice `open()`, 20 scroll steps 100 ms apart, 5 far jumps and `close()`; heaps before and after each.',
    "  The first opening also compiles each viewer's code, which stays with the page: its row is shown, the second is judged.",
    '- **M6**: pdf.js `GetTextContent` / `GetOperatorList` worker requests counted at `Worker.postMessage`; indexing = a quote-only',
    "  search without a page hint for the last page's own line (citelens: the locator; reference: `PDFFindController` → FOUND).",
    '- **M7**: scripts finished before page 1 painted, from CDP Network events, gzip of those files (our server sends them',
    "  uncompressed): on /bench, the viewer alone like the reference (the verdict), and on the app's own answer route",
    '  (`/?answer=…&doc=…`), where the answer and the review panel are drawn beside it (shown, not judged by the budget).',
    '',
    o.table,
    '',
    missed.length ? `**Targets missed (${missed.length}):** ${missed.join('; ')}.` : 'Every target with figures was met.',
    ...(noData.length ? ['', `No figures (timed out or not measured): ${noData.join('; ')}.`] : []),
    '',
    `Generated by \`${o.command}\` on ${new Date().toISOString().slice(0, 10)} in ${o.minutes} min${o.quick ? ' (quick: 1 pass, no corpus, steady state at dpr 1 only)' : ''}.`,
    `Code: ${o.code}. Machine: ${o.machine}; ${o.load}.`,
    ...(o.note ? ['', o.note] : []),
  ];
}

/** `--scroll-memory`: one row per sample, both viewers side by side (Markdown). */
export function scrollMemoryTable(runs: { viewer: Viewer; samples: MemorySample[] }[]): string {
  const mb = (n: number) => (n / 1048576).toFixed(1);
  const head = ['page in view', ...runs.flatMap((r) => [`${r.viewer}: heap, main / workers (MB)`, 'live canvases', 'DOM nodes'])];
  const rows = (runs[0]?.samples ?? []).map((_, i) => [
    runs.map((r) => r.samples[i]?.page ?? '—').join(' / '),
    ...runs.flatMap((r) => {
      const f = r.samples[i]?.figures;
      return f ? [`${mb(f.heapMain)} / ${mb(f.heapWorkers)}`, String(f.canvases), String(f.domNodes)] : ['—', '—', '—'];
    }),
  ]);
  return [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

// The words of a matched passage as the difference classifier reads them (differences.ts): each with its folded key,
// the text as printed (decimal points, percent signs and apostrophes kept), whether it is printed small (a
// superscript) and its layout block. Pure: reads the locator's index only.
import type { DiffToken } from './differences.ts';
import type { Span, Window } from './search-window.ts';
import type { IndexedPage } from './text-index.ts';

/** One word of the passage, where it is (a key range of its page), and how the classifier sees it. */
export interface PassageWord {
  page: number;
  k0: number;
  k1: number;
  token: DiffToken;
}

interface Located {
  p: IndexedPage;
  w: IndexedPage['words'][number];
}

/**
 * The words of `spans` (an exact match: only the words inside its pieces) or, with `margin` > 0, every word from the
 * first to the last one touched plus `margin` words on each side (a fuzzy match: the words the quote changed or
 * dropped at its ends lie just outside what the alignment kept).
 */
export function passageWords(win: Window, spans: readonly Span[], margin: number): PassageWord[] {
  const all: Located[] = win.pages.flatMap((p) => p.words.map((w) => ({ p, w })));
  const touches = (x: Located, s: Span) => s.page === x.p.page && x.w.k0 < s.k1 && x.w.k1 > s.k0;
  let picked: { at: number; span?: Span }[];
  if (margin > 0) {
    const hit = all.flatMap((x, i) => (spans.some((s) => touches(x, s)) ? [i] : []));
    if (hit.length === 0) return [];
    picked = range(Math.max(0, hit[0]! - margin), Math.min(all.length - 1, hit[hit.length - 1]! + margin)).map((at) => ({ at }));
  } else {
    // An exact match's words in the order of its pieces (a chained match, a table row read in another order), each
    // clipped to its piece: a match may start or end inside a word (CJK has no spaces; a quote may cut a word).
    picked = spans.flatMap((span) => all.flatMap((x, at) => (touches(x, span) ? [{ at, span }] : [])));
  }
  const sizes = picked
    .map(({ at }) => sizeOf(all[at]!))
    .filter((s) => s > 0)
    .sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
  return picked.map(({ at, span }) => {
    const { p } = all[at]!;
    const w = span ? { k0: Math.max(all[at]!.w.k0, span.k0), k1: Math.min(all[at]!.w.k1, span.k1) } : all[at]!.w;
    const prev = all[at - 1];
    const size = sizeOf(all[at]!);
    const token: DiffToken = {
      key: p.key.slice(w.k0, w.k1),
      raw: rawOf(p, w),
      small: median > 0 && size > 0 && size < 0.8 * median,
      block: blockOf(p, w.k0) + p.page * 10_000,
      sentenceStart: !prev || prev.p !== p || /[.!?:;]["'”’)]*$/u.test(rawOf(prev.p, prev.w)),
    };
    return { page: p.page, k0: w.k0, k1: w.k1, token };
  });
}

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

function blockOf(p: IndexedPage, k: number): number {
  let b = 0;
  while (b + 1 < p.blockStarts.length && (p.blockStarts[b + 1] as number) <= k) b++;
  return b;
}

function sizeOf({ p, w }: Located): number {
  const t = p.keyToText[w.k0];
  const r = t === undefined ? -1 : (p.run[t] ?? -1);
  return r < 0 ? 0 : (p.geom.get(r)?.size ?? 0);
}

/** Punctuation and symbols written against a word ("$", "%", "(", "’s"): part of how it reads, not a word. */
const ATTACHED = /[\p{P}\p{S}]/u;

/** The word as printed: its characters' stretches of their runs (widened to the punctuation written against it),
 * with the punctuation of runs that hold nothing else between them ("2026" "-" "2027"). */
export function rawOf(p: IndexedPage, w: { k0: number; k1: number }): string {
  const t0 = p.keyToText[w.k0];
  const t1 = p.keyToText[w.k1 - 1];
  if (t0 === undefined || t1 === undefined) return '';
  const pieces: ({ run: number; s: number; e: number } | { text: string })[] = [];
  let last: { run: number; s: number; e: number } | null = null;
  for (let t = t0; t <= t1; t++) {
    const orphan = t > t0 ? p.orphanPunct.get(t) : undefined;
    if (orphan) {
      pieces.push({ text: orphan });
      last = null;
    }
    const run = p.run[t] ?? -1;
    if (run < 0) continue;
    const s = p.start[t] ?? 0;
    const e = p.end[t] ?? s;
    if (last && last.run === run) {
      last.s = Math.min(last.s, s);
      last.e = Math.max(last.e, e);
    } else pieces.push((last = { run, s, e }));
  }
  const str = (run: number) => p.source.runs[run]?.str ?? '';
  const runs = pieces.filter((x): x is { run: number; s: number; e: number } => 'run' in x);
  const first = runs[0];
  const end = runs[runs.length - 1];
  if (!first || !end) return '';
  while (first.s > 0 && ATTACHED.test(str(first.run)[first.s - 1] as string)) first.s--;
  while (end.e < str(end.run).length && ATTACHED.test(str(end.run)[end.e] as string)) end.e++;
  return pieces.map((x) => ('text' in x ? x.text : str(x.run).slice(x.s, x.e))).join('') + (p.orphanPunct.get(t1 + 1) ?? '');
}

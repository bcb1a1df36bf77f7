// Tie-breaking between exact occurrences by punctuation. Match keys drop punctuation, so "a, b" and "a; b" share a
// key; when the key occurs more than once, the occurrence whose raw punctuation is closest to the quote's wins.
import { punctSignature } from './normalize.ts';
import type { Window } from './search-window.ts';

/** Multiset overlap of two punctuation signatures in 0..1 (1 when equal or both empty). */
export function punctSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const n = Math.max(a.length, b.length);
  if (n === 0) return 1;
  const counts = new Map<string, number>();
  for (const c of a) counts.set(c, (counts.get(c) ?? 0) + 1);
  let common = 0;
  for (const c of b) {
    const k = counts.get(c) ?? 0;
    if (k > 0) {
      common++;
      counts.set(c, k - 1);
    }
  }
  return common / n;
}

/** The punctuation of the raw text under global key range [g0, g1), including what trails the last key char. */
export function punctOf(win: Window, g0: number, g1: number): string {
  let out = '';
  win.pages.forEach((p, i) => {
    const off = win.offsets[i] ?? 0;
    const a = Math.max(g0, off) - off;
    const b = Math.min(g1, off + p.key.length) - off;
    if (b <= a) return;
    const t0 = p.keyToText[a] ?? 0;
    const t1 = b < p.key.length ? (p.keyToText[b] ?? p.text.length) : p.text.length;
    let run = -1;
    let s = 0;
    let e = 0;
    const flush = (until?: number) => {
      const str = p.source.runs[run]?.str;
      if (str !== undefined) out += punctSignature(str.slice(s, until ?? e));
    };
    for (let t = t0; t <= t1 && t < p.text.length; t++) {
      if (t > t0) out += p.orphanPunct.get(t) ?? '';
      const r = p.run[t] ?? -1;
      if (r < 0) continue;
      const last = t === t1;
      if (r !== run) {
        if (run >= 0) flush(p.source.runs[run]?.str.length);
        if (last) break;
        run = r;
        s = p.start[t] ?? 0;
        e = p.end[t] ?? 0;
      } else if (last) {
        flush(p.start[t] ?? e);
        run = -1;
        break;
      } else e = Math.max(e, p.end[t] ?? 0);
    }
    if (run >= 0) flush(p.source.runs[run]?.str.length);
    if (t1 >= p.text.length) out += p.orphanPunct.get(p.text.length) ?? '';
  });
  return out;
}

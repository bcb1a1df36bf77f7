import type { MarkerGroup } from '../markers/marker-syntax.ts';

// Range helpers shared by the block scanner, the sentence splitter and claim assembly. Offsets are UTF-16 code units
// into the answer text.

export interface Range {
  start: number;
  end: number;
}

/** `start..end` without surrounding whitespace. Given the masked text, bullets, `>`s and pipes count as whitespace too. */
export function trimRange(masked: string, start: number, end: number): Range {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(masked[s]!)) s++;
  while (e > s && /\s/.test(masked[e - 1]!)) e--;
  return { start: s, end: e };
}

/** The groups (sorted by start) lying inside `range`. */
export function groupsIn(groups: readonly MarkerGroup[], range: Range): MarkerGroup[] {
  let lo = 0;
  let hi = groups.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (groups[mid]!.start < range.start) lo = mid + 1;
    else hi = mid;
  }
  const out: MarkerGroup[] = [];
  for (let i = lo; i < groups.length && groups[i]!.start < range.end; i++) if (groups[i]!.end <= range.end) out.push(groups[i]!);
  return out;
}

/** The range's text with its markers blanked out. */
export function withoutMarkers(text: string, range: Range, groups: readonly MarkerGroup[]): string {
  let out = '';
  let at = range.start;
  for (const g of groups) {
    if (g.start < range.start || g.end > range.end) continue;
    out += text.slice(at, g.start) + ' ';
    at = g.end;
  }
  return out + text.slice(at, range.end);
}

/** True when the range has a letter or digit outside its markers. */
export function hasWords(text: string, range: Range, groups: readonly MarkerGroup[]): boolean {
  return /[\p{L}\p{N}]/u.test(withoutMarkers(text, range, groups));
}

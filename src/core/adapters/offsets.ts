// Offset units. The canonical model counts UTF-16 code units (JavaScript string indices); providers count
// UTF-16 units (Anthropic blocks, our own JSON), code points (Python and Ruby string indices) or UTF-8 bytes
// (Gemini). These helpers convert into UTF-16 and never throw.

export type OffsetUnit = 'utf16' | 'codepoint' | 'utf8';

/** Converts offsets in `unit` into UTF-16 offsets of `text`. */
export interface OffsetMapper {
  /**
   * The UTF-16 offset, or undefined when `offset` is negative, not an integer or past the end. A UTF-8 offset in
   * the middle of a character snaps outwards: to the character's start for a span start, to its end for a span end.
   */
  toUtf16(offset: number, side: 'start' | 'end'): number | undefined;
  /** The text's length in `unit`. */
  length: number;
}

export function offsetMapper(text: string, unit: OffsetUnit): OffsetMapper {
  if (unit === 'utf16') {
    return {
      length: text.length,
      toUtf16: (offset) => (Number.isInteger(offset) && offset >= 0 && offset <= text.length ? offset : undefined),
    };
  }
  // boundaries[k] = [offset in unit, UTF-16 offset] at the start of the k-th code point, plus one at the end.
  const unitAt: number[] = [];
  const utf16At: number[] = [];
  let u = 0;
  let i = 0;
  while (i < text.length) {
    unitAt.push(u);
    utf16At.push(i);
    const cp = text.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    u += unit === 'codepoint' ? 1 : utf8Length(cp);
    i += width;
  }
  unitAt.push(u);
  utf16At.push(text.length);
  return {
    length: u,
    toUtf16(offset, side) {
      if (!Number.isInteger(offset) || offset < 0 || offset > u) return undefined;
      // The last boundary at or before `offset`.
      let lo = 0;
      let hi = unitAt.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((unitAt[mid] ?? 0) <= offset) lo = mid;
        else hi = mid - 1;
      }
      if (unitAt[lo] === offset || side === 'start') return utf16At[lo];
      return utf16At[Math.min(lo + 1, utf16At.length - 1)];
    },
  };
}

/** UTF-8 length of a code point; a lone surrogate counts 3 (it is encoded as U+FFFD). */
function utf8Length(cp: number): number {
  if (cp < 0x80) return 1;
  if (cp < 0x800) return 2;
  if (cp < 0x10000) return 3;
  return 4;
}

export type SpanResolution = { ok: true; start: number; end: number; repaired?: string } | { ok: false; reason: string };

/**
 * Resolves a provider span (`start`/`end` in `unit`, end exclusive) to UTF-16 offsets of `text`. When the provider
 * also gives the span's text (`expected`) and the offsets do not select it, the occurrence of `expected` nearest to
 * the converted start is used instead and `repaired` says so; when it does not occur, the offsets stand if they
 * are in range.
 */
export function resolveSpan(text: string, mapper: OffsetMapper, start: number, end: number, expected?: string): SpanResolution {
  const s = mapper.toUtf16(start, 'start');
  const e = mapper.toUtf16(end, 'end');
  const inRange = s !== undefined && e !== undefined && s <= e;
  if (inRange && (expected === undefined || expected === '' || text.slice(s, e) === expected)) {
    return { ok: true, start: s, end: e };
  }
  if (expected) {
    const found = nearestOccurrence(text, expected, s ?? 0);
    if (found >= 0) {
      return {
        ok: true,
        start: found,
        end: found + expected.length,
        repaired: `offsets ${start}–${end} did not select the cited span; it was found in the text at ${found}`,
      };
    }
  }
  if (inRange) {
    return expected
      ? { ok: true, start: s, end: e, repaired: `the cited span's text does not occur in the answer; offsets ${start}–${end} were kept` }
      : { ok: true, start: s, end: e };
  }
  return { ok: false, reason: `offsets ${start}–${end} are outside the answer text (length ${mapper.length})` };
}

function nearestOccurrence(text: string, needle: string, near: number): number {
  let best = -1;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (best < 0 || Math.abs(at - near) < Math.abs(best - near)) best = at;
    if (at > near) break;
  }
  return best;
}

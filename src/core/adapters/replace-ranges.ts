// For providers whose answer text carries their own citation tokens (Azure `[doc1]`, RAGFlow `##0$$`, xAI
// `[[1]](url)`, a Markdown link to a web source): replaces those ranges with our `[n]` markers and tells the caller
// where every old offset moved, so claim spans given against the provider's text can follow.

export interface Replacement {
  /** UTF-16 offsets into the text, end exclusive. */
  start: number;
  end: number;
  /** What replaces the range, e.g. "[2]". */
  with: string;
}

export interface Replaced {
  text: string;
  /** Where an offset of the original text is in the new text (an offset inside a replaced range moves to its end). */
  map: (offset: number) => number;
  /** Replacements that overlapped an earlier one and were not applied. */
  skipped: Replacement[];
}

/** Applies non-overlapping replacements in text order; of two overlapping ones, the one starting first wins. */
export function replaceRanges(text: string, replacements: readonly Replacement[]): Replaced {
  const sorted = [...replacements].sort((a, b) => a.start - b.start || b.end - a.end);
  const applied: Array<Replacement & { delta: number }> = [];
  const skipped: Replacement[] = [];
  let out = '';
  let last = 0;
  let delta = 0;
  for (const r of sorted) {
    if (r.start < last || r.start > r.end || r.end > text.length) {
      skipped.push(r);
      continue;
    }
    out += text.slice(last, r.start) + r.with;
    delta += r.with.length - (r.end - r.start);
    applied.push({ ...r, delta });
    last = r.end;
  }
  out += text.slice(last);
  const map = (offset: number): number => {
    let shift = 0;
    for (const r of applied) {
      if (offset >= r.end) shift = r.delta;
      else if (offset > r.start) return r.start + (shift + r.with.length);
      else break;
    }
    return offset + shift;
  };
  return { text: out, map, skipped };
}

/** The `[n]` marker for a citation number. */
export const marker = (n: number): string => `[${n}]`;

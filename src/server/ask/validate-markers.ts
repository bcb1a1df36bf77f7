import { parseMarkers } from '../../core/markers/parse-markers.ts';

// A model's answer checked against the passages it was given: every citation marker must name one of their S-IDs.
// An invented one ([S9] when S1–S4 were supplied) is removed from the text and reported, so no claim appears to
// rest on a passage nobody retrieved. `[n]` is read as `[Sn]` (models drop the S). Markers are found by the answer
// parser itself, so a bracket in code or an escaped one is left alone. Pure.

export interface ValidatedText {
  text: string;
  /** Valid S-IDs in order of first citation. */
  cited: string[];
  /** Every invented marker key as the model wrote it ("S9"), once each, in order. */
  invalid: string[];
}

export function validateMarkers(text: string, allowed: ReadonlySet<string>): ValidatedText {
  const groups = parseMarkers(text);
  const cited: string[] = [];
  const invalid: string[] = [];
  const edits: { start: number; end: number; replacement: string }[] = [];
  for (const g of groups) {
    const keep: string[] = [];
    for (const ref of g.refs) {
      const id = /^\d+$/.test(ref.key) ? `S${ref.key}` : ref.key.toUpperCase();
      if (g.kind !== 'placeholder' && allowed.has(id)) {
        if (!keep.includes(id)) keep.push(id);
        if (!cited.includes(id)) cited.push(id);
      } else if (!invalid.includes(ref.key)) invalid.push(ref.key);
    }
    if (keep.length === g.refs.length && g.kind === 'sid') continue;
    if (keep.length > 0) edits.push({ start: g.start, end: g.end, replacement: `[${keep.join(', ')}]` });
    else {
      // drop the marker and the blank before it: "word [S9]." → "word."
      let start = g.start;
      while (start > 0 && /[ \t]/.test(text[start - 1] ?? '')) start--;
      edits.push({ start, end: g.end, replacement: '' });
    }
  }
  let out = text;
  for (const e of edits.reverse()) out = out.slice(0, e.start) + e.replacement + out.slice(e.end);
  return { text: out, cited, invalid };
}

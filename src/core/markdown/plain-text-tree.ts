import type { CitationMarker, Paragraph, PhrasingContent, Root } from 'mdast';
import { readMarkerGroup } from '../markers/marker-syntax.ts';
import { markerEnd } from './markdown-limits.ts';

// The tree of an answer shown as plain text (too large or too complex to format, see markdown-limits.ts): one
// paragraph per run of lines between blank lines, its text as written, and its citation markers still marker nodes,
// so the reader can still open every citation. One linear scan; a bracket is read as a marker by the same rules as in
// Markdown (an escaped `\[2]` stays text).

const pos = (start: number, end: number) => ({ start: { line: 1, column: 1, offset: start }, end: { line: 1, column: 1, offset: end } });

export function plainTextTree(text: string): Root {
  const children: Paragraph[] = [];
  const blank = /\n[ \t\r]*\n/g;
  let from = 0;
  const add = (start: number, end: number) => {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    if (end > start) children.push({ type: 'paragraph', children: phrasing(text, start, end), position: pos(start, end) });
  };
  for (let m = blank.exec(text); m; m = blank.exec(text)) {
    add(from, m.index);
    from = m.index + m[0].length;
  }
  add(from, text.length);
  return { type: 'root', children, position: pos(0, text.length) };
}

function phrasing(text: string, start: number, end: number): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let textFrom = start;
  for (let i = start; i < end; i++) {
    const ch = text[i];
    if (ch !== '[' && ch !== '【') continue;
    if (i > start && text[i - 1] === '\\') continue;
    const close = ch === '[' ? markerEnd(text, i) : fullwidthEnd(text, i, end);
    if (close < 0 || close > end) continue;
    const group = readMarkerGroup(text.slice(i, close), i);
    if (!group) continue;
    if (i > textFrom) out.push({ type: 'text', value: text.slice(textFrom, i), position: pos(textFrom, i) });
    const marker: CitationMarker = { type: 'citationMarker', value: group.raw, group, position: pos(i, close) };
    out.push(marker);
    textFrom = close;
    i = close - 1;
  }
  if (end > textFrom) out.push({ type: 'text', value: text.slice(textFrom, end), position: pos(textFrom, end) });
  return out;
}

function fullwidthEnd(text: string, open: number, end: number): number {
  const limit = Math.min(end, open + 82);
  for (let j = open + 1; j < limit; j++) if (text[j] === '】') return j + 1;
  return -1;
}

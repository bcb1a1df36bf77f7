import type { Nodes, Root } from 'mdast';

// The words a reader sees in a Markdown document (text, inline code and code blocks; no markup, link targets or
// raw HTML), each character mapped back to its offset in the raw file. Quotes are searched in it: a model quotes
// what it read rendered ("run sudo apt update"), not the source's backticks and asterisks, and the mapping turns
// the match back into raw offsets, which the viewer's highlights and the providers' char offsets share.

export interface VisibleText {
  text: string;
  /** For each UTF-16 unit of `text`, its offset in the raw document. */
  raw: Int32Array;
}

/** The identity mapping: a plain-text document is read as it is. */
export function plainVisibleText(text: string): VisibleText {
  return { text, raw: Int32Array.from({ length: text.length }, (_, i) => i) };
}

export function markdownVisibleText(tree: Root, source: string): VisibleText {
  let text = '';
  const raw: number[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start === undefined || end === undefined) return;
      const offsets = alignToRaw(node.value, source, start, end);
      // Pieces are separated by a line break: the matcher ignores whitespace, and no two words are glued together.
      if (text !== '') {
        text += '\n';
        raw.push(start);
      }
      text += node.value;
      raw.push(...offsets);
      return;
    }
    if (node.type === 'html') return;
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return { text, raw: Int32Array.from(raw) };
}

/**
 * Where each UTF-16 unit of `value` (a node's text as parsed) sits in `source[start, end)` (its raw span). The value
 * is nearly always a subsequence of the raw text (escapes, markup and line indentation removed), so each character
 * is matched to its next occurrence close ahead; one that is not there (an entity such as `&amp;`) keeps the current
 * position. A fenced code block's opening line is skipped first, so the info string cannot absorb the code.
 */
export function alignToRaw(value: string, source: string, start: number, end: number): number[] {
  let j = start;
  if (/^[ \t]*(?:```|~~~)/u.test(source.slice(start, start + 8))) {
    const nl = source.indexOf('\n', start);
    if (nl >= 0 && nl < end) j = nl + 1;
  }
  const out: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    let k = j;
    const limit = Math.min(end, j + WINDOW);
    while (k < limit && source[k] !== ch) k++;
    if (k < limit) {
      out.push(k);
      j = k + 1;
    } else {
      out.push(Math.min(j, Math.max(start, end - 1)));
    }
  }
  return out;
}

/** How far ahead a character is looked for: more than any run of markup or indentation between two characters. */
const WINDOW = 24;

import type { Range } from './text-ranges.ts';

// Markdown blocks bound sentences: paragraphs, list items, headings, block-quote paragraphs and table rows are cut
// apart here before any sentence splitting.
// - Not content: headings (ATX and setext), table header rows, fenced code, thematic breaks, empty list bullets.
// - Bullets (`- `, `* `, `+ `, `1. `, `1) `, task boxes `[ ] `), block-quote `>`s and a table row's outer pipes are
//   not claim text. Inside a block that wraps over several lines, the claim span is one contiguous slice, so a
//   continuation line's `> ` stays inside it.

export interface Block extends Range {
  content: boolean;
}

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})/;
const FENCE_CLOSE = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;
const ATX = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/;
const THEMATIC = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])([ \t]+(?:\[[ xX]\][ \t]+)?|[ \t]*$)/;
const QUOTE_PREFIX = /^(?: {0,3}>[ \t]?)+/;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

interface OpenBlock extends Block {
  kind: 'paragraph' | 'item';
  depth: number;
  lines: number;
}

/**
 * Cut the markdown into blocks. `masked` is `text` with the same length in which everything that is not claim text
 * (bullets, `>`s, `#`s, a table row's outer pipes, line breaks inside a block) is a space, so the segmenter and the
 * trimming see prose only while every offset stays an offset into `text`.
 */
export function scanBlocks(text: string): { blocks: Block[]; masked: string } {
  const chars = text.split('');
  const mask = (from: number, to: number) => {
    for (let i = from; i < to; i++) chars[i] = ' ';
  };
  const blocks: Block[] = [];
  const st: { open: OpenBlock | null; fence: { ch: string; len: number } | null; inTable: boolean } = {
    open: null,
    fence: null,
    inTable: false,
  };
  const close = () => {
    if (st.open) blocks.push({ start: st.open.start, end: st.open.end, content: st.open.content });
    st.open = null;
  };

  let lineStart = 0;
  for (;;) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    let contentEnd = lineEnd;
    if (contentEnd > lineStart && text[contentEnd - 1] === '\r') contentEnd--;
    const line = text.slice(lineStart, contentEnd);
    const quote = QUOTE_PREFIX.exec(line);
    const prefixLen = quote ? quote[0].length : 0;
    const depth = quote ? (quote[0].match(/>/g) ?? []).length : 0;
    const rest = line.slice(prefixLen);
    const restStart = lineStart + prefixLen;
    const open = st.open;

    if (st.fence) {
      const m = FENCE_CLOSE.exec(rest);
      if (m?.[1] && m[1][0] === st.fence.ch && m[1].length >= st.fence.len) st.fence = null;
    } else if (rest.trim() === '') {
      close();
      st.inTable = false;
    } else if (FENCE_OPEN.test(rest)) {
      close();
      st.inTable = false;
      const m = FENCE_OPEN.exec(rest)!;
      st.fence = { ch: m[1]![0]!, len: m[1]!.length };
    } else if (ATX.test(rest)) {
      close();
      st.inTable = false;
      mask(lineStart, restStart + ATX.exec(rest)![0].length);
      blocks.push({ start: restStart, end: contentEnd, content: false });
    } else if (open?.kind === 'paragraph' && open.depth === depth && SETEXT.test(rest)) {
      // "Title\n=====" or "Title\n-----": the paragraph was a heading.
      open.content = false;
      close();
    } else if (THEMATIC.test(rest)) {
      close();
      st.inTable = false;
    } else if (open?.lines === 1 && rest.includes('|') && TABLE_DELIMITER.test(rest) && text.slice(open.start, open.end).includes('|')) {
      // The line before was the table's header row: labels, not a claim.
      open.content = false;
      close();
      st.inTable = true;
    } else if (st.inTable && rest.includes('|')) {
      const lead = rest.length - rest.trimStart().length;
      let s = restStart + lead;
      let e = restStart + rest.trimEnd().length;
      if (text[s] === '|') s++;
      if (e > s && text[e - 1] === '|' && text[e - 2] !== '\\') e--;
      mask(lineStart, s);
      mask(e, contentEnd);
      blocks.push({ start: s, end: e, content: true });
    } else {
      st.inTable = false;
      const item = LIST_ITEM.exec(rest);
      // An ordered item other than "1." cannot interrupt a paragraph ("… in\n2023. The …" stays prose).
      const interrupts = item && !(open?.kind === 'paragraph' && /^\d/.test(item[2]!) && !/^1[.)]$/.test(item[2]!));
      if (item && interrupts) {
        close();
        mask(lineStart, restStart + item[0].length);
        st.open = { start: restStart, end: contentEnd, content: true, kind: 'item', depth, lines: 1 };
      } else if (open && open.depth === depth) {
        mask(open.end, restStart);
        open.end = contentEnd;
        open.lines++;
      } else {
        close();
        mask(lineStart, restStart);
        st.open = { start: restStart, end: contentEnd, content: true, kind: 'paragraph', depth, lines: 1 };
      }
    }
    if (lineEnd >= text.length) break;
    lineStart = lineEnd + 1;
  }
  close();
  return { blocks, masked: chars.join('') };
}

import type { Nodes, PhrasingContent, Root, RootContent, TableRow } from 'mdast';

// The blocks that bound sentences, read from the parsed tree: paragraphs (also inside list items and block quotes),
// table rows and headings. Headings and a table's header row are labels, not content. Code (fenced or indented), HTML,
// definitions and thematic breaks are no blocks at all: the renderer shows no prose there.
//
// A block is one contiguous slice of the answer text (its inline content, from the first child's start to the last
// child's end; a table row without its outer pipes), so a claim's span is always `text.slice(start, end)` even where
// the block wraps over lines. `masked` is the text with the same length in which what a reader does not read as
// prose is blanked, so the sentence segmenter sees prose while every offset stays an offset into the text:
// - spaces for the line breaks inside a block, each continuation line's indentation and block-quote `>`s, and for
//   what is never shown: inline HTML, images, and a link's `](url "title")`;
// - `x`s for inline code, which reads as one word ("use `a. B` here" is one sentence).

export interface Block {
  start: number;
  end: number;
  content: boolean;
}

export interface BlockLayout {
  blocks: Block[];
  masked: string;
}

export function contentBlocks(text: string, tree: Root): BlockLayout {
  const blocks: Block[] = [];
  const masks: Mask[] = [];
  const walk = (node: Nodes, quoteDepth: number) => {
    switch (node.type) {
      case 'root':
      case 'list':
      case 'listItem':
        for (const child of node.children) walk(child, quoteDepth);
        return;
      case 'blockquote':
        for (const child of node.children) walk(child, quoteDepth + 1);
        return;
      case 'paragraph':
      case 'heading':
        addInline(node.children, node.type === 'paragraph', quoteDepth);
        return;
      case 'table':
        node.children.forEach((row, i) => addRow(row, i > 0));
        return;
      default:
        return;
    }
  };

  const addInline = (children: readonly RootContent[], content: boolean, quoteDepth: number) => {
    const start = children[0]?.position?.start.offset;
    const end = children[children.length - 1]?.position?.end.offset;
    if (start === undefined || end === undefined || end <= start) return;
    maskContinuations(text, masks, start, end, quoteDepth > 0);
    maskInline(children as PhrasingContent[], masks);
    blocks.push({ start, end, content });
  };

  const addRow = (row: TableRow, content: boolean) => {
    let s = row.position?.start.offset;
    let e = row.position?.end.offset;
    if (s === undefined || e === undefined) return;
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (text[s] === '|') s++;
    if (e > s && text[e - 1] === '|' && text[e - 2] !== '\\') e--;
    if (e > s) blocks.push({ start: s, end: e, content });
  };

  walk(tree, 0);
  blocks.sort((a, b) => a.start - b.start);
  masks.sort((a, b) => a[0] - b[0]);
  return { blocks, masked: blank(text, masks) };
}

type Mask = [from: number, to: number, fill: ' ' | 'x'];

/** `text` with every range in `masks` (sorted by start) filled; where ranges overlap, the first one wins. */
function blank(text: string, masks: readonly Mask[]): string {
  if (masks.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [from, to, fill] of masks) {
    if (to <= at) continue;
    const s = Math.max(from, at);
    out += text.slice(at, s) + fill.repeat(to - s);
    at = to;
  }
  return out + text.slice(at);
}

function maskInline(nodes: readonly PhrasingContent[], masks: Mask[]) {
  for (const node of nodes) {
    const from = node.position?.start.offset;
    const to = node.position?.end.offset;
    if (from === undefined || to === undefined) continue;
    switch (node.type) {
      case 'inlineCode':
        masks.push([from, to, 'x']);
        break;
      case 'html':
      case 'image':
      case 'imageReference':
        masks.push([from, to, ' ']);
        break;
      case 'link':
      case 'linkReference': {
        const textEnd = node.children[node.children.length - 1]?.position?.end.offset ?? from + 1;
        masks.push([textEnd, to, ' ']);
        maskInline(node.children, masks);
        break;
      }
      default:
        if ('children' in node) maskInline(node.children, masks);
    }
  }
}

/** Mask the line breaks inside `start..end` and each following line's indentation (and `>`s inside a quote). */
function maskContinuations(text: string, masks: Mask[], start: number, end: number, inQuote: boolean) {
  const prefix = inQuote ? /[ \t>]/ : /[ \t]/;
  for (let nl = text.indexOf('\n', start); nl >= 0 && nl < end; nl = text.indexOf('\n', nl + 1)) {
    let from = nl;
    if (from > start && text[from - 1] === '\r') from--;
    let to = nl + 1;
    while (to < end && prefix.test(text[to]!)) to++;
    masks.push([from, to, ' ']);
  }
}

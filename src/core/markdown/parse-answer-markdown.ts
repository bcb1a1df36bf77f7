import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { MarkerGroup } from '../markers/marker-syntax.ts';
import { contentBlocks, type Block } from './content-blocks.ts';
import { markerFromMarkdown, markerSyntax } from './micromark-markers.ts';

// The one reading of an answer's Markdown. The answer model (markers, claims) and the renderer both work from this
// tree, so what the model calls a citation is exactly what the reader sees as a marker button.
// CommonMark plus GFM tables and task list items: answers are full of tables, and a table row is a claim of its own.
// Positions are UTF-16 offsets into the text.

export interface ParsedMarkdown {
  /** The text that was parsed. */
  text: string;
  /** mdast with `citationMarker` nodes (see micromark-markers.ts) and positions. Read-only for consumers. */
  tree: Root;
  /** Every marker group the reader sees, in text order. A marker in an image's alt text is dropped with the image. */
  markers: MarkerGroup[];
  /** The sentence splitter's input: content blocks and the masked text (content-blocks.ts). */
  blocks: Block[];
  masked: string;
}

// A GFM table needs a delimiter row: a line of pipes, dashes, colons and spaces (after any quote or list prefix).
// The table construct is tried at the start of every line and scans it, which doubles the cost of a long answer, so
// it is only switched on when such a line exists. Both readers use this one tree, so this cannot make them disagree.
const DELIMITER_ROW = /^(?=[^\n]*\|)(?=[^\n]*-)[ \t>|:\-*+.)0-9]+$/m;

/** Never throws: text the parser cannot take (it runs out of stack on thousands of nested quotes) is shown as plain text. */
export function parseAnswerMarkdown(text: string): ParsedMarkdown {
  const source = typeof text === 'string' ? text : '';
  let tree: Root;
  try {
    const tables = DELIMITER_ROW.test(source);
    tree = fromMarkdown(source, {
      extensions: tables ? [markerSyntax(source), gfmTable(), gfmTaskListItem()] : [markerSyntax(source), gfmTaskListItem()],
      mdastExtensions: [markerFromMarkdown, gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown()],
    });
  } catch {
    tree = plainText(source);
  }
  const markers: MarkerGroup[] = [];
  collectMarkers(tree, markers);
  markers.sort((a, b) => a.start - b.start);
  const { blocks, masked } = contentBlocks(source, tree);
  return { text: source, tree, markers, blocks, masked };
}

/** One paragraph holding the text as it is: no markup and no markers; its sentences are still claims. */
function plainText(text: string): Root {
  const position = { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: text.length } };
  return { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: text, position }], position }], position };
}

function collectMarkers(node: Nodes, out: MarkerGroup[]) {
  if (node.type === 'citationMarker') {
    out.push(node.group);
    return;
  }
  if ('children' in node) for (const child of node.children) collectMarkers(child, out);
}

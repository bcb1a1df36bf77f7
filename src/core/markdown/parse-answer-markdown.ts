import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { MarkerGroup } from '../markers/marker-syntax.ts';
import { contentBlocks, type Block } from './content-blocks.ts';
import { flattenDeepTree } from './flatten-deep-tree.ts';
import { exceededLimit, flattenDeepNesting } from './markdown-limits.ts';
import { markerFromMarkdown, markerSyntax } from './micromark-markers.ts';
import { plainTextTree } from './plain-text-tree.ts';

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
  /**
   * Why the answer is not drawn exactly as written, or null: `size` / `complexity` (beyond markdown-limits.ts: plain
   * text with its markers), `nesting` (quotes or lists deeper than the caps are flattened), `unparsable` (the parser
   * failed: plain text with its markers), `slow` (parsing took longer than the UI allows: plain text with its markers).
   */
  simplified: MarkdownSimplified | null;
}

export type MarkdownSimplified = 'size' | 'complexity' | 'nesting' | 'unparsable' | 'slow';

/**
 * Whether parsing `text` may take long enough to be done off the main thread: formatted (within the limits of
 * markdown-limits.ts, else it is plain text, which is linear) and longer than this. Linear to decide.
 */
export const PARSE_OFF_MAIN_CHARS = 20_000;
export function parseMayBeSlow(text: string): boolean {
  return text.length > PARSE_OFF_MAIN_CHARS && exceededLimit(text) === null;
}

// A GFM table needs a delimiter row: a line of pipes, dashes, colons and spaces (after any quote or list prefix).
// The table construct is tried at the start of every line and scans it, which doubles the cost of a long answer, so
// it is only switched on when such a line exists. Both readers use this one tree, so this cannot make them disagree.
const DELIMITER_ROW = /^(?=[^\n]*\|)(?=[^\n]*-)[ \t>|:\-*+.)0-9]+$/m;

/** Never throws and stays fast: text beyond the limits of markdown-limits.ts is shown as plain text with its markers. */
export function parseAnswerMarkdown(text: string): ParsedMarkdown {
  const source = typeof text === 'string' ? text : '';
  const limit = exceededLimit(source);
  if (limit) return plainAnswerMarkdown(source, limit);
  let simplified: MarkdownSimplified | null = null;
  let tree: Root;
  try {
    const flat = flattenDeepNesting(source);
    const tables = DELIMITER_ROW.test(flat.source);
    tree = fromMarkdown(flat.source, {
      extensions: tables ? [markerSyntax(flat.source), gfmTable(), gfmTaskListItem()] : [markerSyntax(flat.source), gfmTaskListItem()],
      mdastExtensions: [markerFromMarkdown, gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown()],
    });
    if (flat.replaced.size > 0) restoreReplaced(tree, flat.replaced);
    if (flattenDeepTree(tree) || flat.replaced.size > 0) simplified = 'nesting';
  } catch {
    // e.g. the parser running out of stack: keep every marker, drop the formatting
    tree = plainTextTree(source);
    simplified = 'unparsable';
  }
  return withMarkers(source, tree, simplified);
}

/** The text as plain paragraphs with its markers (linear), and why it is not formatted. */
export function plainAnswerMarkdown(text: string, simplified: MarkdownSimplified): ParsedMarkdown {
  return withMarkers(text, plainTextTree(text), simplified);
}

function withMarkers(source: string, tree: Root, simplified: MarkdownSimplified | null): ParsedMarkdown {
  const markers: MarkerGroup[] = [];
  collectMarkers(tree, markers);
  markers.sort((a, b) => a.start - b.start);
  const { blocks, masked } = contentBlocks(source, tree);
  return { text: source, tree, markers, blocks, masked, simplified };
}

/** Put back the characters flattenDeepNesting replaced: a flattened quote or list marker reads as it was written. */
function restoreReplaced(tree: Root, replaced: Map<number, string>) {
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text' && node.position) {
      const { start, end } = node.position;
      if (start.offset === undefined || end.offset === undefined) continue;
      // A text node's value is its source slice unless it holds escapes or entities; only then can we map offsets.
      if (node.value.length !== end.offset - start.offset) continue;
      let value = node.value;
      for (const [at, ch] of replaced)
        if (at >= start.offset && at < end.offset) value = value.slice(0, at - start.offset) + ch + value.slice(at - start.offset + 1);
      node.value = value;
    } else if ('children' in node) for (const child of node.children) stack.push(child);
  }
}

function collectMarkers(node: Nodes, out: MarkerGroup[]) {
  if (node.type === 'citationMarker') {
    out.push(node.group);
    return;
  }
  if ('children' in node) for (const child of node.children) collectMarkers(child, out);
}

import type { Element, ElementContent, Root as HastRoot, Text } from 'hast';
import type { Image, ImageReference, Root } from 'mdast';
import { toHast, type Handler } from 'mdast-util-to-hast';
import type { TextRange } from '../../../core/text-source/text-passage.ts';
import { alignToRaw } from '../../../core/text-source/visible-text.ts';
import { withBlockLanguages } from '../../../core/language/hast-language.ts';

// A cited Markdown document as HTML elements, with the cited passage marked. The same rules as for answers:
//  - raw HTML is dropped (no `allowDangerousHtml`): a `<script>` or `<img onerror>` in a document is never markup;
//  - images are never loaded (a remote image tells its host who reads what): each is a text placeholder naming
//    its alt text, the link component decides whether its address may be shown as a link;
//  - the links themselves are filtered by the component map in text-source-viewer.tsx (http(s) and mailto only).
// Highlights: every hast text node knows its raw span (its own position, or its nearest positioned ancestor's, as
// for code), each character is aligned to its raw offset (alignToRaw), and text nodes are split where a highlight
// range starts or ends, the highlighted pieces wrapped in <mark data-highlight data-region="i">.

export const IMAGE_PLACEHOLDER = 'citelens-image';

const imagePlaceholder =
  (read: (node: Image | ImageReference) => { alt: string; url: string }): Handler =>
  (_state, node: Image | ImageReference) => {
    const { alt, url } = read(node);
    return { type: 'element', tagName: IMAGE_PLACEHOLDER, properties: { dataAlt: alt, dataUrl: url }, children: [] };
  };

export function sourceMarkdownHast(tree: Root): HastRoot {
  const hast = toHast(tree, {
    handlers: {
      html: () => undefined,
      image: imagePlaceholder((n) => ({ alt: (n as Image).alt ?? '', url: (n as Image).url })),
      imageReference: imagePlaceholder((n) => ({ alt: (n as ImageReference).alt ?? '', url: '' })),
    },
  });
  const root: HastRoot = hast.type === 'root' ? hast : { type: 'root', children: [hast as ElementContent] };
  // Each block's direction, then its language where its script tells (WCAG 3.1.2: a screen reader's voice).
  return withBlockLanguages({ ...root, children: root.children.map((c) => (c.type === 'element' ? adjust(c) : c)) }, LANG_BLOCKS);
}

const TEXT_BLOCKS = new Set(['p', 'li', 'blockquote', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Plain text is one <pre>: its language is the document's. */
const LANG_BLOCKS = new Set([...TEXT_BLOCKS, 'pre']);

/**
 * The page's one h1 is the question: a document's headings sit one level below it (h1 → h2 … h6 stays h6). Each
 * block of prose takes its direction from its own first strong letter (`dir="auto"`), so a Persian or Arabic
 * paragraph reads right to left inside a left-to-right page, as persian_rag's documents need.
 */
function adjust(node: Element): Element {
  const level = /^h([1-6])$/.exec(node.tagName)?.[1];
  const tagName = level ? `h${Math.min(6, Number(level) + 1)}` : node.tagName;
  const properties = TEXT_BLOCKS.has(node.tagName) ? { ...node.properties, dir: 'auto' } : node.properties;
  return { ...node, tagName, properties, children: node.children.map((c) => (c.type === 'element' ? adjust(c) : c)) };
}

interface Span {
  start: number;
  end: number;
}

/** `hast` with the text inside `ranges` (raw offsets of `source`) wrapped in marks; ranges are regions in order. */
export function markRanges(hast: HastRoot, source: string, ranges: readonly TextRange[]): HastRoot {
  if (ranges.length === 0) return hast;
  const visit = (nodes: readonly ElementContent[], owner: Span | null): ElementContent[] => {
    const out: ElementContent[] = [];
    for (const node of nodes) {
      if (node.type === 'text') out.push(...splitText(node, spanOf(node) ?? owner, source, ranges));
      else if (node.type === 'element') out.push({ ...node, children: visit(node.children, spanOf(node) ?? owner) });
      else out.push(node);
    }
    return out;
  };
  return { ...hast, children: visit(hast.children as ElementContent[], null) };
}

function spanOf(node: Element | Text): Span | null {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? null : { start, end };
}

function splitText(node: Text, span: Span | null, source: string, ranges: readonly TextRange[]): ElementContent[] {
  if (!span || node.value === '' || !ranges.some((r) => r.start < span.end && r.end > span.start)) return [node];
  // Text that is its raw span verbatim (plain text, most Markdown prose) needs no alignment.
  const at =
    source.slice(span.start, span.end) === node.value
      ? Array.from({ length: node.value.length }, (_, i) => span.start + i)
      : alignToRaw(node.value, source, span.start, span.end);
  const regionOf = (i: number) => ranges.findIndex((r) => at[i]! >= r.start && at[i]! < r.end);
  const out: ElementContent[] = [];
  let from = 0;
  let current = regionOf(0);
  const flush = (to: number) => {
    const value = node.value.slice(from, to);
    if (value === '') return;
    const text: Text = { type: 'text', value };
    out.push(current < 0 ? text : { type: 'element', tagName: 'mark', properties: { dataHighlight: '', dataRegion: String(current) }, children: [text] });
  };
  for (let i = 1; i < node.value.length; i++) {
    const region = regionOf(i);
    if (region === current) continue;
    flush(i);
    from = i;
    current = region;
  }
  flush(node.value.length);
  return out;
}

/** A plain-text document as one preformatted block, with the same marks. */
export function plainTextHast(text: string): HastRoot {
  const position = { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: text.length } };
  return withBlockLanguages(
    {
      type: 'root',
      children: [
        { type: 'element', tagName: 'pre', properties: { dataPlainText: '', dir: 'auto' }, children: [{ type: 'text', value: text, position }], position },
      ],
    },
    LANG_BLOCKS,
  );
}

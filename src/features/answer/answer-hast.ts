import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { CitationMarker, Link, LinkReference, Nodes, Root, RootContent } from 'mdast';
import { defaultHandlers, toHast, type Handler, type State } from 'mdast-util-to-hast';
import { withBlockLanguages } from '../../core/language/hast-language.ts';

// The answer's parsed Markdown (the same tree the answer model read its markers and claims from) as HTML elements.
// Safety: raw HTML is dropped (no `allowDangerousHtml`), images are dropped (a remote image is an exfiltration
// channel), and the `a` component keeps only http(s) and mailto links (answer-markdown.tsx).
// Every `citationMarker` node becomes one MARKER_ELEMENT carrying its keys; a marker written inside link text is
// drawn right after the link, so that no button sits inside a link.

export const MARKER_ELEMENT = 'citelens-marker';

function markerElement(node: CitationMarker): Element {
  return {
    type: 'element',
    tagName: MARKER_ELEMENT,
    properties: { dataKeys: node.group.refs.map((r) => r.key).join('|') },
    children: [],
  };
}

/** A copy of `children` without marker nodes (at any depth), which are appended to `found` in text order. */
function withoutMarkers<T extends RootContent>(children: readonly T[], found: CitationMarker[]): T[] {
  const out: T[] = [];
  for (const child of children) {
    if (child.type === 'citationMarker') found.push(child);
    else if ('children' in child) out.push({ ...child, children: withoutMarkers(child.children as RootContent[], found) });
    else out.push(child);
  }
  return out;
}

function hasText(nodes: readonly Nodes[]): boolean {
  return nodes.some((n) => ('value' in n && n.value.trim() !== '') || ('children' in n && hasText(n.children)));
}

type LinkHandler<N> = (state: State, node: N) => ElementContent | ElementContent[] | undefined;

function linkThenMarkers<N extends Link | LinkReference>(base: LinkHandler<N>): Handler {
  return (state, node: N) => {
    const markers: CitationMarker[] = [];
    let children = withoutMarkers(node.children, markers);
    if (markers.length === 0) return base(state, node);
    const last = children[children.length - 1];
    if (last?.type === 'text') children = [...children.slice(0, -1), { ...last, value: last.value.trimEnd() }];
    if (!hasText(children)) children = [{ type: 'text', value: node.type === 'link' ? node.url : (node.label ?? node.identifier) }];
    const drawn = base(state, { ...node, children }) ?? [];
    return [...(Array.isArray(drawn) ? drawn : [drawn]), ...markers.map(markerElement)];
  };
}

const drop: Handler = () => undefined;

export function answerHast(tree: Root): HastRoot {
  const hast = toHast(tree, {
    handlers: {
      citationMarker: (_state, node: CitationMarker) => markerElement(node),
      link: linkThenMarkers<Link>(defaultHandlers.link),
      linkReference: linkThenMarkers<LinkReference>(defaultHandlers.linkReference),
      image: drop,
      imageReference: drop,
      html: drop,
    },
  });
  const root: HastRoot = hast.type === 'root' ? hast : { type: 'root', children: [hast as ElementContent] };
  // Each block's direction, then its language where its script tells (WCAG 3.1.2: a screen reader's voice).
  return withBlockLanguages({ ...root, children: root.children.map((c) => (c.type === 'element' ? withDirection(c) : c)) }, TEXT_BLOCKS);
}

const TEXT_BLOCKS = new Set(['p', 'ul', 'ol', 'li', 'blockquote', 'table', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * Each block takes its direction from its own first strong letter (`dir="auto"`), whatever the UI's language: an
 * Arabic answer reads right to left in the English UI, an English one left to right in the Persian UI. Code is
 * always left to right. (The markers inside are isolated in <bdi>: marker-group.tsx.)
 */
function withDirection(node: Element): Element {
  const dir = node.tagName === 'pre' ? 'ltr' : TEXT_BLOCKS.has(node.tagName) ? 'auto' : undefined;
  const properties = dir ? { ...node.properties, dir } : node.properties;
  return { ...node, properties, children: node.children.map((c) => (c.type === 'element' ? withDirection(c) : c)) };
}

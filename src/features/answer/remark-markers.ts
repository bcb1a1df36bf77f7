import type { Nodes, Parent, Root, RootContent } from 'mdast';
import { parseMarkers } from '../../core/markers/parse-markers.ts';

// A remark plugin that turns citation markers inside markdown text nodes into `citelens-marker` elements. Code and
// inline code are separate node types, so markers inside them stay text. The element carries the keys only; the
// React component decides whether each key is a button or an invalid marker.

export const MARKER_ELEMENT = 'citelens-marker';

function splitText(value: string): RootContent[] | null {
  const groups = parseMarkers(value);
  if (groups.length === 0) return null;
  const out: RootContent[] = [];
  let at = 0;
  for (const g of groups) {
    if (g.start > at) out.push({ type: 'text', value: value.slice(at, g.start) });
    out.push({
      type: 'text',
      value: g.raw,
      data: {
        hName: MARKER_ELEMENT,
        hProperties: { dataKeys: g.refs.map((r) => r.key).join('|'), dataRaw: g.raw },
        hChildren: [],
      },
    });
    at = g.end;
  }
  if (at < value.length) out.push({ type: 'text', value: value.slice(at) });
  return out;
}

function walk(node: Nodes): void {
  if (!('children' in node)) return;
  const parent = node as Parent;
  const next: RootContent[] = [];
  for (const child of parent.children) {
    if (child.type === 'text') {
      const parts = splitText(child.value);
      if (parts) {
        next.push(...parts);
        continue;
      }
    } else {
      walk(child);
    }
    next.push(child);
  }
  parent.children = next;
}

export function remarkMarkers() {
  return (tree: Root) => walk(tree);
}

import type { Nodes, Parent, PhrasingContent, Root, RootContent } from 'mdast';

// Every walk over the answer's tree (the model's, the renderer's, React's) is recursive, so a tree deeper than a few
// thousand levels overflows the stack and blanks the app. Line prefixes are capped before parsing
// (markdown-limits.ts), but inline nesting (`***…a***…` resolves into one emphasis inside another) and indented
// containers can still nest deep. Past MAX_TREE_DEPTH a node keeps only its leaves: a container its leaf blocks, a
// paragraph or emphasis its text, code and markers. Iterative, so it cannot overflow itself.

export const MAX_TREE_DEPTH = 64;

const CONTAINERS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/** Flatten (in place) whatever lies deeper than `maxDepth` in `tree`; returns whether anything was flattened. */
export function flattenDeepTree(tree: Root, maxDepth = MAX_TREE_DEPTH): boolean {
  let flattened = false;
  const stack: [Nodes, number][] = [[tree, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!('children' in node)) continue;
    if (depth >= maxDepth) {
      flattened = flattenNode(node) || flattened;
      continue;
    }
    for (const child of node.children) stack.push([child, depth + 1]);
  }
  return flattened;
}

function flattenNode(node: Parent): boolean {
  if (node.type === 'list') {
    for (const item of node.children) if ('children' in item) (item as Parent).children = leafBlocks(item as Parent);
    return true;
  }
  if (node.type === 'table' || node.type === 'tableRow') {
    const cells: Parent[] = [];
    collect(node, (n) => n.type === 'tableCell', cells as Nodes[]);
    for (const cell of cells) cell.children = leaves(cell) as RootContent[];
    return true;
  }
  node.children = CONTAINERS.has(node.type) ? leafBlocks(node) : (leaves(node) as RootContent[]);
  return true;
}

/** The blocks under a container that are not containers themselves, in order, their inline content flattened. */
function leafBlocks(node: Parent): RootContent[] {
  const out: Nodes[] = [];
  collect(node, (n) => !CONTAINERS.has(n.type) && n.type !== 'list', out);
  for (const block of out) if ('children' in block && block.type !== 'table') (block as Parent).children = leaves(block as Parent) as RootContent[];
  return out as RootContent[];
}

/** The nodes without children under `node`, in order. */
function leaves(node: Parent): PhrasingContent[] {
  const out: Nodes[] = [];
  collect(node, (n) => !('children' in n), out);
  return out as PhrasingContent[];
}

/** Descendants of `root` (not `root` itself) matching `take`, in document order, without descending into them. */
function collect(root: Parent, take: (n: Nodes) => boolean, out: Nodes[]) {
  const stack: Nodes[] = [...(root.children as Nodes[])].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (take(n)) out.push(n);
    else if ('children' in n) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as Nodes);
  }
}

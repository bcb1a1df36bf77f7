// A PDF's outline (bookmarks) as the viewer's sidebar shows it: a tree the user expands and collapses, drawn as a
// flat list of visible rows. Titles and links come from the file, so they are untrusted data: titles are plain
// text with control characters removed, and only web and mail links are kept.

/** The part of pdf.js's getOutline() items that we read. */
export interface RawOutlineItem {
  title?: unknown;
  dest?: unknown;
  url?: unknown;
  items?: unknown;
}

export interface OutlineNode {
  /** Path of child indexes from the root, "0.2.1": stable for one document, used for expansion state and keys. */
  id: string;
  title: string;
  /** pdf.js destination: a named destination (string) or an explicit one (array); null when none. */
  dest: string | readonly unknown[] | null;
  /** A safe external link (http, https, mailto), or null. */
  url: string | null;
  children: OutlineNode[];
}

export interface OutlineRow {
  node: OutlineNode;
  /** 1-based nesting level (aria-level). */
  level: number;
  expanded: boolean;
  /** Position among its siblings (1-based) and their number, for aria-posinset/aria-setsize. */
  posInSet: number;
  setSize: number;
}

/** Deeper than any real outline; guards against a crafted file's recursion. */
const MAX_DEPTH = 32;
const MAX_TITLE = 300;

export function safeOutlineUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:' ? u.href : null;
  } catch {
    return null;
  }
}

function cleanTitle(title: unknown): string {
  const text =
    typeof title === 'string'
      ? title
          .replace(/\p{Cc}+/gu, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  if (!text) return '(untitled)';
  return text.length > MAX_TITLE ? `${text.slice(0, MAX_TITLE - 1)}…` : text;
}

function cleanDest(dest: unknown): OutlineNode['dest'] {
  if (typeof dest === 'string' && dest) return dest;
  if (Array.isArray(dest) && dest.length > 0) return dest;
  return null;
}

/** pdf.js's outline (null when the PDF has none) as our tree. */
export function toOutline(raw: readonly RawOutlineItem[] | null | undefined, depth = 0, prefix = ''): OutlineNode[] {
  if (!Array.isArray(raw) || depth >= MAX_DEPTH) return [];
  return raw.map((item, i) => {
    const id = prefix ? `${prefix}.${i}` : String(i);
    const children = Array.isArray(item?.items) ? toOutline(item.items as RawOutlineItem[], depth + 1, id) : [];
    return { id, title: cleanTitle(item?.title), dest: cleanDest(item?.dest), url: safeOutlineUrl(item?.url), children };
  });
}

/** The rows on screen: every node whose ancestors are all expanded, in document order. */
export function visibleOutlineRows(nodes: readonly OutlineNode[], expanded: ReadonlySet<string>, level = 1): OutlineRow[] {
  const rows: OutlineRow[] = [];
  nodes.forEach((node, i) => {
    const open = node.children.length > 0 && expanded.has(node.id);
    rows.push({ node, level, expanded: open, posInSet: i + 1, setSize: nodes.length });
    if (open) rows.push(...visibleOutlineRows(node.children, expanded, level + 1));
  });
  return rows;
}

/** Ids of the nodes shown expanded when the outline first opens: the top level, as most viewers do. */
export function initiallyExpanded(nodes: readonly OutlineNode[]): Set<string> {
  return new Set(nodes.filter((n) => n.children.length > 0).map((n) => n.id));
}

/** The id of a row's parent, or null at the top level. */
export function parentId(id: string): string | null {
  const cut = id.lastIndexOf('.');
  return cut < 0 ? null : id.slice(0, cut);
}

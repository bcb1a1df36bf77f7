import type { Element, ElementContent, Properties, Root as HastRoot, Text } from 'hast';
import type { CitationMarker, Definition, Link, LinkReference, List, ListItem, Nodes, Parent, Root, RootContent, Table, TableRow } from 'mdast';
import { withBlockLanguages } from '../../core/language/hast-language.ts';

// The answer's parsed Markdown (the same tree the answer model read its markers and claims from) as HTML elements.
// Safety: raw HTML is dropped, images are dropped (a remote image is an exfiltration channel), and the `a` component
// keeps only http(s) and mailto links (answer-markdown.tsx).
// Every `citationMarker` node becomes one MARKER_ELEMENT carrying its keys; a marker written inside link text is
// drawn right after the link, so that no button sits inside a link.
//
// Our own conversion of the node types the answer parser makes (core/markdown/parse-answer-markdown.ts: CommonMark,
// GFM tables and task lists, markers), element for element and newline for newline what mdast-util-to-hast made of
// them (answer-hast.test.ts compares the two on generated Markdown): that library and its dependencies were 16 kB
// gzip before the answer route's first page (issue #37), for the few node types an answer can hold.

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

type Drawn = ElementContent | ElementContent[] | undefined;

const text = (value: string): Text => ({ type: 'text', value });
const element = (tagName: string, properties: Properties, children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });

/** The node's position on what it became (answer chunks are cut by these offsets: virtual-blocks.tsx). */
function placed<T extends ElementContent>(from: Nodes, to: T): T {
  const start = from.position?.start;
  const end = from.position?.end;
  if (start && end && start.line > 0 && start.column > 0 && end.line > 0 && end.column > 0) {
    to.position = {
      start: { line: start.line, column: start.column, offset: start.offset !== undefined && start.offset > -1 ? start.offset : undefined },
      end: { line: end.line, column: end.column, offset: end.offset !== undefined && end.offset > -1 ? end.offset : undefined },
    } as Element['position'];
  }
  return to;
}

/** Newlines between (and, `loose`, around) block nodes, as HTML source would have them. */
function wrap(nodes: ElementContent[], loose = false): ElementContent[] {
  const out: ElementContent[] = loose ? [text('\n')] : [];
  nodes.forEach((node, i) => {
    if (i) out.push(text('\n'));
    out.push(node);
  });
  if (loose && nodes.length > 0) out.push(text('\n'));
  return out;
}

/** Spaces and tabs around each line ending dropped (not at the text's own start and end). One pass: no regex that
 * could backtrack over a long run of spaces (regex-backtracking.test.ts). */
function trimLines(value: string): string {
  const parts = value.split(/(\r?\n|\r)/);
  const blank = (c: string | undefined) => c === ' ' || c === '\t';
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return part;
      let start = 0;
      let end = part.length;
      if (i > 0) while (start < end && blank(part[start])) start++;
      if (i < parts.length - 1) while (end > start && blank(part[end - 1])) end--;
      return part.slice(start, end);
    })
    .join('');
}

/** A link's address percent-encoded where a URL may not hold the character as written (CommonMark's rule). */
function normalizeUri(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 37 && /^[0-9A-Za-z]{2}$/.test(value.slice(i + 1, i + 3))) {
      out += value.slice(i, i + 3);
      i += 2;
    } else if (code < 128) out += /[!#$&-;=?-Z_a-z~]/.test(value[i]!) ? value[i] : encodeURIComponent(value[i]!);
    else if (code > 55_295 && code < 57_344) {
      const next = value.charCodeAt(i + 1);
      if (code < 56_320 && next > 56_319 && next < 57_344) {
        out += encodeURIComponent(value.slice(i, i + 2));
        i++;
      } else out += encodeURIComponent('\uFFFD');
    } else out += encodeURIComponent(value[i]!);
  }
  return out;
}

interface State {
  definitions: ReadonlyMap<string, Definition>;
}

/** Each child drawn, in order; after a hard break, the next text's leading spaces go (CommonMark). */
function all(state: State, parent: Parent): ElementContent[] {
  const out: ElementContent[] = [];
  parent.children.forEach((child, i) => {
    const drawn = one(state, child, parent);
    if (!drawn) return;
    if (i && parent.children[i - 1]!.type === 'break' && !Array.isArray(drawn)) {
      const head = drawn.type === 'text' ? drawn : drawn.type === 'element' ? drawn.children[0] : undefined;
      if (head?.type === 'text') head.value = head.value.replace(/^[ \t]+/, '');
    }
    if (Array.isArray(drawn)) out.push(...drawn);
    else out.push(drawn);
  });
  return out;
}

function one(state: State, node: Nodes, parent: Parent | undefined): Drawn {
  switch (node.type) {
    case 'paragraph':
      return placed(node, element('p', {}, all(state, node)));
    case 'heading':
      return placed(node, element(`h${node.depth}`, {}, all(state, node)));
    case 'text':
      return placed(node, text(trimLines(node.value)));
    case 'emphasis':
      return placed(node, element('em', {}, all(state, node)));
    case 'strong':
      return placed(node, element('strong', {}, all(state, node)));
    case 'delete':
      return placed(node, element('del', {}, all(state, node)));
    case 'inlineCode':
      return placed(node, element('code', {}, [placed(node, text(node.value.replace(/\r?\n|\r/g, ' ')))]));
    case 'break':
      return [placed(node, element('br', {}, [])), text('\n')];
    case 'thematicBreak':
      return placed(node, element('hr', {}, []));
    case 'blockquote':
      return placed(node, element('blockquote', {}, wrap(all(state, node), true)));
    case 'code': {
      const language = node.lang ? node.lang.split(/\s+/) : [];
      const code = placed(
        node,
        element('code', language.length > 0 ? { className: [`language-${language[0]}`] } : {}, [text(node.value ? `${node.value}\n` : '')]),
      );
      return placed(node, element('pre', {}, [code]));
    }
    case 'list':
      return list(state, node);
    case 'listItem':
      return listItem(state, node, parent);
    case 'table':
      return table(state, node);
    case 'tableRow':
      return tableRow(state, node, parent);
    case 'tableCell':
      return placed(node, element('td', {}, all(state, node)));
    case 'link':
      return linkThenMarkers(state, node, link);
    case 'linkReference':
      return linkThenMarkers(state, node, linkReference);
    case 'citationMarker':
      return markerElement(node);
    // Dropped: raw HTML, images, and what only names something (a definition is read by its references).
    case 'html':
    case 'image':
    case 'imageReference':
    case 'definition':
    case 'footnoteDefinition':
    case 'yaml':
      return undefined;
    default:
      // Node types the parser does not make (footnotes, MDX): their text, or their children in a div, as before.
      return 'value' in node ? placed(node, text(String(node.value))) : placed(node, element('div', {}, 'children' in node ? all(state, node) : []));
  }
}

function list(state: State, node: List): Element {
  const items = all(state, node);
  const properties: Properties = {};
  if (typeof node.start === 'number' && node.start !== 1) properties.start = node.start;
  if (
    items.some((c) => c.type === 'element' && c.tagName === 'li' && Array.isArray(c.properties.className) && c.properties.className.includes('task-list-item'))
  )
    properties.className = ['contains-task-list'];
  return placed(node, element(node.ordered ? 'ol' : 'ul', properties, wrap(items, true)));
}

const itemLoose = (node: ListItem) => (node.spread === null || node.spread === undefined ? node.children.length > 1 : node.spread);

function listItem(state: State, node: ListItem, parent: Parent | undefined): Element {
  const results = all(state, node);
  const loose = parent ? parent.type === 'list' && Boolean((parent as List).spread || (parent as List).children.some(itemLoose)) : itemLoose(node);
  const properties: Properties = {};
  if (typeof node.checked === 'boolean') {
    const head = results[0];
    let paragraph: Element;
    if (head?.type === 'element' && head.tagName === 'p') paragraph = head;
    else {
      paragraph = element('p', {}, []);
      results.unshift(paragraph);
    }
    if (paragraph.children.length > 0) paragraph.children.unshift(text(' '));
    paragraph.children.unshift(element('input', { type: 'checkbox', checked: node.checked, disabled: true }, []));
    properties.className = ['task-list-item'];
  }
  const isP = (c: ElementContent | undefined) => c?.type === 'element' && c.tagName === 'p';
  const children: ElementContent[] = [];
  results.forEach((child, i) => {
    if (loose || i !== 0 || !isP(child)) children.push(text('\n'));
    if (isP(child) && !loose) children.push(...(child as Element).children);
    else children.push(child);
  });
  const tail = results[results.length - 1];
  if (tail && (loose || !isP(tail))) children.push(text('\n'));
  return placed(node, element('li', properties, children));
}

function table(state: State, node: Table): Element {
  const rows = all(state, node);
  const first = rows.shift();
  const content: ElementContent[] = [];
  if (first) content.push(placed(node.children[0]!, element('thead', {}, wrap([first], true))));
  if (rows.length > 0) {
    const body = element('tbody', {}, wrap(rows, true));
    const start = node.children[1]?.position?.start;
    const end = node.children[node.children.length - 1]?.position?.end;
    if (start && end) placed({ type: 'tableRow', children: [], position: { start, end } }, body);
    content.push(body);
  }
  return placed(node, element('table', {}, wrap(content, true)));
}

function tableRow(state: State, node: TableRow, parent: Parent | undefined): Element {
  const tagName = parent && parent.children.indexOf(node) === 0 ? 'th' : 'td';
  const align = parent?.type === 'table' ? (parent as Table).align : undefined;
  const cells: ElementContent[] = [];
  for (let i = 0; i < (align ? align.length : node.children.length); i++) {
    const cell = node.children[i];
    const value = align?.[i];
    const drawn = element(tagName, value ? { align: value } : {}, []);
    if (cell) {
      drawn.children = all(state, cell);
      placed(cell, drawn);
    }
    cells.push(drawn);
  }
  return placed(node, element('tr', {}, wrap(cells, true)));
}

function link(state: State, node: Link): Drawn {
  const properties: Properties = { href: normalizeUri(node.url) };
  if (node.title !== null && node.title !== undefined) properties.title = node.title;
  return placed(node, element('a', properties, all(state, node)));
}

function linkReference(state: State, node: LinkReference): Drawn {
  const definition = state.definitions.get(String(node.identifier).toUpperCase());
  if (definition) {
    const properties: Properties = { href: normalizeUri(definition.url || '') };
    if (definition.title !== null && definition.title !== undefined) properties.title = definition.title;
    return placed(node, element('a', properties, all(state, node)));
  }
  // No definition: the reference as it was written, brackets and all.
  const suffix = node.referenceType === 'collapsed' ? '][]' : node.referenceType === 'full' ? `][${node.label || node.identifier}]` : ']';
  const contents = all(state, node);
  const head = contents[0];
  if (head?.type === 'text') head.value = `[${head.value}`;
  else contents.unshift(text('['));
  const tail = contents[contents.length - 1];
  if (tail?.type === 'text') tail.value += suffix;
  else contents.push(text(suffix));
  return contents;
}

function linkThenMarkers<N extends Link | LinkReference>(state: State, node: N, base: (state: State, node: N) => Drawn): Drawn {
  const markers: CitationMarker[] = [];
  let children = withoutMarkers(node.children, markers);
  if (markers.length === 0) return base(state, node);
  const last = children[children.length - 1];
  if (last?.type === 'text') children = [...children.slice(0, -1), { ...last, value: last.value.trimEnd() }];
  if (!hasText(children)) children = [{ type: 'text', value: node.type === 'link' ? node.url : (node.label ?? node.identifier) }];
  const drawn = base(state, { ...node, children }) ?? [];
  return [...(Array.isArray(drawn) ? drawn : [drawn]), ...markers.map(markerElement)];
}

/** The first definition of each label (CommonMark: later ones with the same label are ignored). */
function definitionsOf(tree: Root): Map<string, Definition> {
  const found = new Map<string, Definition>();
  const visit = (node: Nodes) => {
    if (node.type === 'definition') {
      const id = String(node.identifier).toUpperCase();
      if (!found.has(id)) found.set(id, node);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return found;
}

export function answerHast(tree: Root): HastRoot {
  const state: State = { definitions: definitionsOf(tree) };
  const root: HastRoot = { type: 'root', children: wrap(all(state, tree)) };
  if (tree.position) placed(tree, root as unknown as Element);
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

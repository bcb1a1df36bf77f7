import type { ElementType, ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { Element, ElementContent } from 'hast';

// The answer's HTML elements (answer-hast.ts) as React elements: what hast-util-to-jsx-runtime did for them, for the
// properties answer-hast.ts writes (class, data-*, dir, lang, start, align, href, title and a task's checkbox), and
// not one more (a property it does not write is never read from anywhere else). No HTML string is made or parsed.

/** Elements drawn by a component instead (the answer's links and marker groups), by tag name. */
export type AnswerComponents = Readonly<Record<string, ElementType>>;

/** React warns about text between table rows and cells, and the browser would move it out: only elements there. */
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);
const CELLS = new Set(['td', 'th']);
const WHITESPACE = /^[ \t\n\f\r]*$/;

/** `dataKeys` → `data-keys`; the other names are React's already. */
const attributeName = (name: string) => (/^data[A-Z]/.test(name) ? `data${name.slice(4).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : name);

function propsOf(node: Element): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  let align: string | undefined;
  for (const [name, value] of Object.entries(node.properties)) {
    if (value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))) continue;
    // A table cell's alignment becomes a style, as hast-util-to-jsx-runtime made it (`align` is obsolete in HTML).
    if (name === 'align' && typeof value === 'string' && CELLS.has(node.tagName)) align = value;
    else props[attributeName(name)] = Array.isArray(value) ? value.join(' ') : value;
  }
  if (align) props.style = { textAlign: align };
  return props;
}

/** Keys as the tag name and its count among its siblings (`p-0`, `p-1`, `ul-0`): stable while the answer is. */
function childrenOf(nodes: readonly ElementContent[], components: AnswerComponents, inTablePart: boolean): ReactNode[] {
  const counts = new Map<string, number>();
  const out: ReactNode[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      if (!(inTablePart && WHITESPACE.test(node.value))) out.push(node.value);
    } else if (node.type === 'element') {
      const count = counts.get(node.tagName) ?? 0;
      counts.set(node.tagName, count + 1);
      out.push(elementOf(node, components, `${node.tagName}-${count}`));
    }
  }
  return out;
}

function create(type: ElementType, props: Record<string, unknown>, children: ReactNode[], key?: string): ReactNode {
  if (children.length > 0) props.children = children.length > 1 ? children : children[0];
  const make = Array.isArray(props.children) ? jsxs : jsx;
  return key ? make(type, props, key) : make(type, props);
}

function elementOf(node: Element, components: AnswerComponents, key: string): ReactNode {
  return create(
    components[node.tagName] ?? (node.tagName as ElementType),
    propsOf(node),
    childrenOf(node.children, components, TABLE_PARTS.has(node.tagName)),
    key,
  );
}

/** `nodes` (top-level blocks of the answer, or a chunk of them) as one fragment. */
export function answerReact(nodes: readonly ElementContent[], components: AnswerComponents): ReactNode {
  return create(Fragment, {}, childrenOf(nodes, components, false));
}

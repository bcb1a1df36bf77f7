import type { Nodes, Root } from 'mdast';
import { normalizeText } from '../locate/normalize.ts';

// Sections of a Markdown document and the resolver for a cited section path such as
// "Setup > Linux > Troubleshooting" (raglite and persian_rag cite Markdown chunks by their heading path).
//
// Headings are read from the parsed tree, so ATX (`## Linux`) and setext (`Linux\n-----`) headings both count and
// a `# line` inside a fenced or indented code block does not (the parser never makes it a heading). A section runs
// from its heading to the next heading of the same or a higher level. Titles are compared folded as the quote
// locator folds text (case, diacritics, punctuation, spacing), without leading numbering ("2.1 Linux" ≡ "Linux"),
// and a path may skip levels ("Setup > Troubleshooting" finds "Setup > Linux > Troubleshooting").

export interface Section {
  /** The heading's text as the reader sees it. */
  title: string;
  /** 1–6. */
  depth: number;
  /** Titles from the outermost enclosing heading down to this one. */
  path: string[];
  /** UTF-16 offsets into the document text: the heading's own span, and the whole section (heading included). */
  headingStart: number;
  headingEnd: number;
  start: number;
  end: number;
}

export type SectionResolution =
  /** Exactly one section matches the whole path. */
  | { kind: 'found'; section: Section }
  /** Several match equally well: `section` is the first in the document, `candidates` all of them. */
  | { kind: 'ambiguous'; section: Section; candidates: Section[] }
  /** Only part of the path matches: `section` is what does, `missing` the cited titles not found there. */
  | { kind: 'partial'; section: Section; missing: string[] }
  | { kind: 'not-found' };

/** Every heading of the document as a section, in document order. */
export function markdownSections(tree: Root, textLength: number): Section[] {
  const headings: Array<{ title: string; depth: number; start: number; end: number }> = [];
  const walk = (node: Nodes) => {
    if (node.type === 'heading') {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      const title = plainText(node).replace(/\s+/gu, ' ').trim();
      if (start !== undefined && end !== undefined && title) headings.push({ title, depth: node.depth, start, end });
      return;
    }
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  const out: Section[] = [];
  const stack: Section[] = [];
  headings.forEach((h, i) => {
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= h.depth) stack.pop();
    const next = headings.slice(i + 1).find((n) => n.depth <= h.depth);
    const section: Section = {
      title: h.title,
      depth: h.depth,
      path: [...stack.map((s) => s.title), h.title],
      headingStart: h.start,
      headingEnd: h.end,
      start: h.start,
      end: next ? next.start : textLength,
    };
    out.push(section);
    stack.push(section);
  });
  return out;
}

/** "Setup > Linux > Troubleshooting" (also › » →) as titles; empty parts dropped. */
export function splitSectionPath(path: string): string[] {
  return path
    .split(/(?<!\s)\s*[>›»→]\s*/u)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** A title as compared: folded like the quote locator's text, leading numbering ("2.1.", "§ 3") removed. */
export function titleKey(title: string): string {
  const unnumbered = title.replace(/^\s*(?:§\s*)?(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.)\s+(?=\S)/u, '');
  return normalizeText(unnumbered).text.trim();
}

export function resolveSectionPath(sections: readonly Section[], path: string): SectionResolution {
  const wanted = splitSectionPath(path)
    .map(titleKey)
    .filter((k) => k !== '');
  if (wanted.length === 0) return { kind: 'not-found' };
  const keyed = sections.map((s) => ({ section: s, keys: s.path.map(titleKey) }));

  const full = keyed.filter((k) => endsWithSubsequence(k.keys, wanted));
  if (full.length > 0)
    return pick(
      full.map((k) => k.section),
      full.filter((k) => sameKeys(k.keys, wanted)).map((k) => k.section),
    );

  // The last title exists, but the cited ancestors differ from the document's: the section with most of them.
  const last = wanted[wanted.length - 1]!;
  const titled = keyed.filter((k) => k.keys[k.keys.length - 1] === last);
  if (titled.length > 0) {
    const score = (keys: string[]) => wanted.slice(0, -1).filter((w) => keys.slice(0, -1).includes(w)).length;
    const best = Math.max(...titled.map((k) => score(k.keys)));
    const top = titled.filter((k) => score(k.keys) === best).map((k) => k.section);
    const missing = wanted.slice(0, -1).filter((w) => !top[0]!.path.slice(0, -1).map(titleKey).includes(w));
    return { kind: 'partial', section: top[0]!, missing: originalTitles(path, missing) };
  }

  // Otherwise the deepest cited ancestor that exists: open the enclosing section, say what was not found.
  for (let n = wanted.length - 1; n >= 1; n--) {
    const prefix = wanted.slice(0, n);
    const hits = keyed.filter((k) => endsWithSubsequence(k.keys, prefix));
    if (hits.length > 0) return { kind: 'partial', section: hits[0]!.section, missing: originalTitles(path, wanted.slice(n)) };
  }
  return { kind: 'not-found' };
}

function pick(matches: Section[], exact: Section[]): SectionResolution {
  if (matches.length === 1) return { kind: 'found', section: matches[0]! };
  if (exact.length === 1) return { kind: 'found', section: exact[0]! };
  const candidates = exact.length > 1 ? exact : matches;
  return { kind: 'ambiguous', section: candidates[0]!, candidates };
}

/** `wanted` is a subsequence of `keys` whose last element is the last of `keys`. */
function endsWithSubsequence(keys: readonly string[], wanted: readonly string[]): boolean {
  if (keys.length === 0 || keys[keys.length - 1] !== wanted[wanted.length - 1]) return false;
  let j = wanted.length - 2;
  for (let i = keys.length - 2; i >= 0 && j >= 0; i--) if (keys[i] === wanted[j]) j--;
  return j < 0;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

/** The cited spelling of the titles whose keys are in `keys`, for messages. */
function originalTitles(path: string, keys: readonly string[]): string[] {
  return splitSectionPath(path).filter((t) => keys.includes(titleKey(t)));
}

function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'html' || node.type === 'image' || node.type === 'imageReference') return '';
  if ('children' in node) return node.children.map((c) => plainText(c)).join('');
  return '';
}

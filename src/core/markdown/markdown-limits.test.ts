import { describe, expect, it } from 'vitest';
import { MAX_DELIMITERS, MAX_MARKDOWN_CHARS, MAX_NESTING, exceededLimit, flattenDeepNesting } from './markdown-limits.ts';
import { parseAnswerMarkdown } from './parse-answer-markdown.ts';
import { MAX_TREE_DEPTH } from './flatten-deep-tree.ts';
import type { Nodes } from 'mdast';

/** The deepest level of `node` (iterative: the tree under test may be deep). */
function depth(node: Nodes): number {
  let max = 0;
  const stack: [Nodes, number][] = [[node, 0]];
  while (stack.length) {
    const [n, d] = stack.pop()!;
    max = Math.max(max, d);
    if ('children' in n) for (const c of n.children) stack.push([c, d + 1]);
  }
  return max;
}

const keys = (text: string) => parseAnswerMarkdown(text).markers.map((m) => m.refs.map((r) => r.key).join(','));

describe('deep nesting is flattened, not a stack overflow', () => {
  it.each([
    ['2,000 quote markers', '>'.repeat(2000) + ' deep [1]'],
    ['2,000 spaced quote markers', '> '.repeat(2000) + 'deep [1]'],
    ['1,500 list items on one line', '- '.repeat(1500) + 'deep [1]'],
    ['1,500 ordered items', '1. '.repeat(1500) + 'deep [1]'],
    ['mixed', '> - '.repeat(800) + 'deep [1]'],
  ])('%s: the marker is kept, the tree stays shallow, the text reads as written', (_name, text) => {
    const parsed = parseAnswerMarkdown(text);
    expect(parsed.simplified).toBe('nesting');
    expect(keys(text)).toEqual(['1']);
    expect(depth(parsed.tree)).toBeLessThanOrEqual(2 * MAX_NESTING + 8);
    // the flattened markers are restored: the reader sees the characters the author wrote
    const values: string[] = [];
    const stack: Nodes[] = [parsed.tree];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.type === 'text') values.push(n.value);
      if ('children' in n) stack.push(...n.children);
    }
    const all = values.join('');
    expect(all).toContain('deep');
    expect(all).not.toMatch(/[＞－＋．）]/);
  });

  it('leaves nesting up to the cap alone', () => {
    const text = '> '.repeat(MAX_NESTING) + 'at the cap [1]';
    const parsed = parseAnswerMarkdown(text);
    expect(parsed.simplified).toBeNull();
    expect(flattenDeepNesting(text).replaced.size).toBe(0);
    let quotes = 0;
    for (let n: Nodes | undefined = parsed.tree; n && 'children' in n; n = n.children[0] as Nodes | undefined) if (n.type === 'blockquote') quotes++;
    expect(quotes).toBe(MAX_NESTING);
  });

  it('reads a line of spaced dashes as a rule, not 1,500 lists', () => {
    const parsed = parseAnswerMarkdown('- '.repeat(1500));
    expect(parsed.tree.children.map((c) => c.type)).toEqual(['thematicBreak']);
  });

  it('flattens deep inline emphasis below the tree cap', () => {
    const text = '*'.repeat(30) + 'a' + '*'.repeat(30) + ' '; // 30 is under MAX_RUN: parsed, 15 levels
    expect(depth(parseAnswerMarkdown(text.repeat(3)).tree)).toBeLessThan(MAX_TREE_DEPTH);
  });
});

describe('size and complexity caps: plain text with markers', () => {
  it('shows an answer longer than the cap as plain text and keeps every marker', () => {
    const claim = 'The vendor **must** rotate keys [2].\n\n';
    const text = claim.repeat(Math.ceil(MAX_MARKDOWN_CHARS / claim.length) + 1);
    const parsed = parseAnswerMarkdown(text);
    expect(parsed.simplified).toBe('size');
    expect(parsed.markers).toHaveLength(text.split('[2]').length - 1);
    expect(parsed.markers[0]).toMatchObject({ start: claim.indexOf('[2]'), raw: '[2]' });
    expect(parsed.tree.children.length).toBe(parsed.markers.length);
    // the claims still come from paragraphs, so every claim keeps its marker
    expect(parsed.blocks.length).toBe(parsed.markers.length);
  });

  it.each([
    ['200 KB of backticks', 'size', '`'.repeat(200_000)],
    ['"*a " × 50,000', 'size', '*a '.repeat(50_000)],
    ['100,000 [', 'complexity', '['.repeat(100_000)],
    ['"*a " × 5,000', 'complexity', '*a '.repeat(5_000)],
    ['a long emphasis run', 'complexity', 'x ' + '*'.repeat(2000) + 'a' + '*'.repeat(2000)],
    ['[a]( × 2,500', 'complexity', '[a]('.repeat(2500)],
  ])('%s is %s-capped', (_name, limit, text) => {
    expect(exceededLimit(text)).toBe(limit);
    const parsed = parseAnswerMarkdown(text);
    expect(parsed.simplified).toBe(limit);
    expect(parsed.tree.children.length).toBeGreaterThan(0);
  });

  it('does not count the brackets of citation markers, nor a fence or a rule', () => {
    const markers = Array.from({ length: MAX_DELIMITERS }, (_, i) => `Claim ${i} [${(i % 9) + 1}].`).join(' ');
    expect(markers.length).toBeLessThan(MAX_MARKDOWN_CHARS);
    expect(exceededLimit(markers)).toBeNull();
    expect(exceededLimit('`'.repeat(60) + ' js\ncode\n' + '`'.repeat(60) + '\n\n' + '*'.repeat(80))).toBeNull();
  });

  it('an escaped bracket stays text in plain-text mode too', () => {
    const text = '\\[3] is not a citation, [1] is. ' + '['.repeat(MAX_DELIMITERS + 1);
    expect(keys(text)).toEqual(['1']);
  });
});

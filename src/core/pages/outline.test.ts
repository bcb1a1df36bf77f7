import { describe, expect, it } from 'vitest';
import { initiallyExpanded, parentId, safeOutlineUrl, toOutline, visibleOutlineRows } from './outline.ts';

const RAW = [
  { title: 'Foreword', dest: 'foreword', url: null, items: [] },
  {
    title: 'Part 1\u0000 Onboarding',
    dest: [{ num: 12, gen: 0 }, { name: 'XYZ' }, 0, 792, null],
    url: null,
    items: [
      { title: '1.1 Due diligence', dest: 'dd', items: [{ title: '1.1.1 Questionnaire', dest: 'q', items: [] }] },
      { title: '1.2 Contracts', dest: 'contracts', items: [] },
    ],
  },
  { title: '', dest: null, url: 'javascript:alert(1)', items: [] },
  { title: 'Supplier portal', dest: null, url: 'https://example.com/portal', items: [] },
];

describe('toOutline', () => {
  it('keeps titles as plain text and ids as paths', () => {
    const nodes = toOutline(RAW);
    expect(nodes.map((n) => n.title)).toEqual(['Foreword', 'Part 1 Onboarding', '(untitled)', 'Supplier portal']);
    expect(nodes[1]!.children.map((n) => n.id)).toEqual(['1.0', '1.1']);
    expect(nodes[1]!.children[0]!.children[0]!.id).toBe('1.0.0');
    expect(nodes[1]!.dest).toEqual(RAW[1]!.dest);
  });

  it('drops links that are not web or mail addresses', () => {
    const nodes = toOutline(RAW);
    expect(nodes[2]!.url).toBeNull();
    expect(nodes[3]!.url).toBe('https://example.com/portal');
    expect(safeOutlineUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeOutlineUrl('file:///etc/passwd')).toBeNull();
    expect(safeOutlineUrl('not a url')).toBeNull();
    expect(safeOutlineUrl(42)).toBeNull();
  });

  it('is empty for a PDF without an outline, and survives a crafted, very deep one', () => {
    expect(toOutline(null)).toEqual([]);
    let deep: { title: string; items: unknown[] } = { title: 'leaf', items: [] };
    for (let i = 0; i < 1000; i++) deep = { title: `level ${i}`, items: [deep] };
    let depth = 0;
    for (let n = toOutline([deep])[0]; n; n = n.children[0]) depth++;
    expect(depth).toBe(32);
  });
});

describe('visibleOutlineRows', () => {
  const nodes = toOutline(RAW);

  it('shows the top level expanded at first, and hides the children of collapsed rows', () => {
    const rows = visibleOutlineRows(nodes, initiallyExpanded(nodes));
    expect(rows.map((r) => [r.node.title, r.level])).toEqual([
      ['Foreword', 1],
      ['Part 1 Onboarding', 1],
      ['1.1 Due diligence', 2],
      ['1.2 Contracts', 2],
      ['(untitled)', 1],
      ['Supplier portal', 1],
    ]);
    expect(rows[1]).toMatchObject({ expanded: true, posInSet: 2, setSize: 4 });
    expect(rows[2]).toMatchObject({ expanded: false, posInSet: 1, setSize: 2 });
  });

  it('opens a nested level when its row is expanded, and nothing when all are collapsed', () => {
    const rows = visibleOutlineRows(nodes, new Set(['1', '1.0']));
    expect(rows.map((r) => r.node.id)).toEqual(['0', '1', '1.0', '1.0.0', '1.1', '2', '3']);
    expect(visibleOutlineRows(nodes, new Set()).map((r) => r.node.id)).toEqual(['0', '1', '2', '3']);
    // An expanded id of a leaf changes nothing.
    expect(visibleOutlineRows(nodes, new Set(['0'])).map((r) => r.node.id)).toEqual(['0', '1', '2', '3']);
  });

  it('knows each row’s parent', () => {
    expect(parentId('1.0.0')).toBe('1.0');
    expect(parentId('3')).toBeNull();
  });
});

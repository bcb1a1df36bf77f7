import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distinctLabel, hasDistinctLabels, labelNote, labelOf, pageFromInput, resolvePageLabel } from './page-labels.ts';

// A report with roman front matter, an arabic body and a lettered appendix, as the demo handbook has.
const HANDBOOK = ['i', 'ii', 'iii', '1', '2', '3', '4', 'A-1', 'A-2'];

describe('resolvePageLabel', () => {
  it('finds the physical page of a printed label', () => {
    expect(resolvePageLabel(HANDBOOK, 'iii', 9)).toEqual({ kind: 'page', page: 3 });
    expect(resolvePageLabel(HANDBOOK, '2', 9)).toEqual({ kind: 'page', page: 5 });
    expect(resolvePageLabel(HANDBOOK, 'A-2', 9)).toEqual({ kind: 'page', page: 9 });
  });

  it('reads a label as providers write it: case, "p." prefix, spaces', () => {
    expect(resolvePageLabel(HANDBOOK, 'III', 9)).toEqual({ kind: 'page', page: 3 });
    expect(resolvePageLabel(HANDBOOK, 'p. iv', 9)).toEqual({ kind: 'unknown' });
    expect(resolvePageLabel(HANDBOOK, 'p. ii', 9)).toEqual({ kind: 'page', page: 2 });
    expect(resolvePageLabel(HANDBOOK, 'Page A - 1', 9)).toEqual({ kind: 'page', page: 8 });
  });

  it('prefers an exact match over a folded one', () => {
    expect(resolvePageLabel(['x', 'X'], 'X', 2)).toEqual({ kind: 'page', page: 2 });
  });

  it('reports a label printed on several pages as ambiguous', () => {
    expect(resolvePageLabel(['1', '2', '1', '2'], '2', 4)).toEqual({ kind: 'ambiguous', pages: [2, 4] });
  });

  it('reports a label no page carries as unknown', () => {
    expect(resolvePageLabel(HANDBOOK, 'v', 9)).toEqual({ kind: 'unknown' });
    expect(resolvePageLabel(HANDBOOK, '', 9)).toEqual({ kind: 'unknown' });
  });

  it('numbers pages 1..n when the PDF defines no labels', () => {
    expect(resolvePageLabel(null, '7', 10)).toEqual({ kind: 'page', page: 7 });
    expect(resolvePageLabel(null, '11', 10)).toEqual({ kind: 'unknown' });
    expect(resolvePageLabel(null, 'iv', 10)).toEqual({ kind: 'unknown' });
  });

  it('always resolves each page of a document with unique labels to that page', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.string({ minLength: 1, maxLength: 6 }).filter((s) => s.trim() === s && s !== ''),
          { minLength: 1, maxLength: 40 },
        ),
        (labels) => {
          labels.forEach((label, i) => {
            const r = resolvePageLabel(labels, label, labels.length);
            // A label equal to another only after folding may be ambiguous, never another single page.
            if (r.kind === 'page') expect(r.page).toBe(i + 1);
            else expect(r.kind).not.toBe('unknown');
          });
        },
      ),
    );
  });
});

describe('labels beside the index', () => {
  it('shows a label only where it differs from the physical number', () => {
    expect(distinctLabel(HANDBOOK, 3)).toBe('iii');
    expect(distinctLabel(['1', '2'], 2)).toBeNull();
    expect(distinctLabel(null, 4)).toBeNull();
    expect(labelOf(HANDBOOK, 8)).toBe('A-1');
    expect(labelOf(null, 8)).toBe('8');
    expect(hasDistinctLabels(HANDBOOK)).toBe(true);
    expect(hasDistinctLabels(['1', '2', '3'])).toBe(false);
    expect(hasDistinctLabels(null)).toBe(false);
  });

  it('explains a label that names no single page', () => {
    expect(labelNote({ kind: 'page', page: 2 }, 'ii')).toBeNull();
    expect(labelNote({ kind: 'ambiguous', pages: [2, 4] }, '2')).toMatch(/pages 2, 4/);
    expect(labelNote({ kind: 'unknown' }, 'v')).toMatch(/No page is printed “v”/);
  });
});

describe('pageFromInput', () => {
  it('takes a printed label first, then a physical number', () => {
    expect(pageFromInput(HANDBOOK, 'iii', 9)).toBe(3);
    expect(pageFromInput(HANDBOOK, '3', 9)).toBe(6);
    expect(pageFromInput(HANDBOOK, '9', 9)).toBe(9);
    expect(pageFromInput(HANDBOOK, '10', 9)).toBeNull();
    expect(pageFromInput(null, '5', 9)).toBe(5);
    expect(pageFromInput(null, 'x', 9)).toBeNull();
    expect(pageFromInput(null, ' ', 9)).toBeNull();
  });
});

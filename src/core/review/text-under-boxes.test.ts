import { describe, expect, it } from 'vitest';
import { locateInIndex } from '../locate/locate.ts';
import { syntheticPage, SYNTHETIC_ADVANCE } from '../locate/synthetic.ts';
import { TextIndex } from '../locate/text-index.ts';
import type { Box } from '../model/types.ts';
import { quoteCoverage, textUnderBoxes, textUnderBoxesInIndex } from './text-under-boxes.ts';

// Synthetic runs: size 10, every glyph 5 pt wide, baseline at user y → canonical y = 792 − y, ascent 8, descent 2.
const W = 10 * SYNTHETIC_ADVANCE;
const lineBox = (page: number, y: number, fromChar: number, toChar: number): Box => ({
  page,
  x0: 72 + fromChar * W,
  y0: 792 - y - 8,
  x1: 72 + toChar * W,
  y1: 792 - y + 2,
});

const page1 = syntheticPage(1, [
  { text: 'Refunds are issued within 30 days.', x: 72, y: 700 },
  { text: 'Opened items are excluded.', x: 72, y: 686 },
  { text: 'Shipping is free over $50.', x: 72, y: 672 },
]);

function indexed() {
  const index = new TextIndex(1);
  index.addPage(page1);
  return index;
}

describe('text under boxes', () => {
  it('reads the words under a box covering part of a line, as printed', () => {
    const p = indexed().get(1)!;
    // "issued within 30 days." starts at character 12
    const t = textUnderBoxes(p, [lineBox(1, 700, 12, 34)]);
    expect(t.text).toBe('issued within 30 days.');
    expect(t.normalized).toBe('issued within 30 days');
  });

  it('joins lines under several boxes in reading order, and nothing from lines outside them', () => {
    const p = indexed().get(1)!;
    const t = textUnderBoxes(p, [lineBox(1, 686, 0, 26), lineBox(1, 700, 0, 34)]);
    expect(t.text).toBe('Refunds are issued within 30 days. Opened items are excluded.');
    expect(t.text).not.toContain('Shipping');
  });

  it('reads nothing under a box in the margin or on another page', () => {
    const p = indexed().get(1)!;
    expect(textUnderBoxes(p, [{ page: 1, x0: 400, y0: 300, x1: 500, y1: 320 }]).text).toBe('');
    expect(textUnderBoxes(p, [{ ...lineBox(1, 700, 0, 34), page: 2 }]).text).toBe('');
  });

  it('reads exactly what the locator highlighted (same geometry)', () => {
    const index = indexed();
    const res = locateInIndex(index, 'items are excluded. Shipping is free', { page: 1 });
    expect(res.found).toBe(true);
    // the locator highlights the words; the period between them is outside its boxes
    expect(textUnderBoxesInIndex(index, res.rects).text).toBe('items are excluded Shipping is free');
  });

  it('reads rotated pages in canonical coordinates', () => {
    const rotated = syntheticPage(1, [{ text: 'Keys are rotated yearly.', x: 72, y: 700 }], { rotate: 90 });
    const index = new TextIndex(1);
    index.addPage(rotated);
    const res = locateInIndex(index, 'rotated yearly', { page: 1 });
    expect(textUnderBoxesInIndex(index, res.rects).normalized).toBe('rotated yearly');
  });
});

describe('quote coverage', () => {
  it('is 1 when the box text contains the quote, spacing and case aside', () => {
    expect(quoteCoverage('Issued within 30 days', 'refunds are issued within 30 days')).toBe(1);
  });

  it('is the share of quote words found in order', () => {
    expect(quoteCoverage('refunds are issued within 30 days', 'refunds are issued')).toBe(0.5);
    expect(quoteCoverage('opened items are excluded', 'shipping is free over 50')).toBe(0);
  });

  it('is 0 for an empty quote or empty box text', () => {
    expect(quoteCoverage('', 'anything')).toBe(0);
    expect(quoteCoverage('words', '')).toBe(0);
  });
});

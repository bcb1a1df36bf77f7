import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EDGE, placePopover } from './popover-position.ts';

const viewport = { width: 1400, height: 900 };
const box = { width: 288, height: 120 };

describe('placePopover', () => {
  it('opens below the marker, aligned to its left edge, when there is room', () => {
    expect(placePopover({ left: 100, top: 200, width: 16, height: 18 }, box, viewport)).toEqual({ left: 100, top: 218 });
  });

  it('slides left near the right edge instead of running out of the viewport', () => {
    const { left } = placePopover({ left: 1380, top: 200, width: 16, height: 18 }, box, viewport);
    expect(left).toBe(1400 - EDGE - 288);
  });

  it('opens above a marker near the bottom', () => {
    expect(placePopover({ left: 100, top: 850, width: 16, height: 18 }, box, viewport).top).toBe(850 - 120);
  });

  it('stays inside the viewport for any marker position when the box fits the viewport', () => {
    fc.assert(
      fc.property(
        fc.record({
          left: fc.integer({ min: -50, max: 1450 }),
          top: fc.integer({ min: -50, max: 950 }),
          width: fc.integer({ min: 0, max: 40 }),
          height: fc.integer({ min: 0, max: 30 }),
        }),
        fc.record({ width: fc.integer({ min: 50, max: 1384 }), height: fc.integer({ min: 20, max: 884 }) }),
        (anchor, size) => {
          const p = placePopover(anchor, size, viewport);
          expect(p.left).toBeGreaterThanOrEqual(EDGE);
          expect(p.top).toBeGreaterThanOrEqual(EDGE);
          expect(p.left + size.width).toBeLessThanOrEqual(viewport.width - EDGE);
          expect(p.top + size.height).toBeLessThanOrEqual(viewport.height - EDGE);
        },
      ),
    );
  });
});

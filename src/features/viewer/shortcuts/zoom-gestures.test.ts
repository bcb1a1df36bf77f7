import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SCALE, MIN_SCALE } from '../viewer-store.ts';
import { distanceBetween, doubleTapZoom, isDoubleTap, midpoint, pinchScale } from './zoom-gestures.ts';

const scale = fc.double({ min: MIN_SCALE, max: MAX_SCALE, noNaN: true });
const length = fc.double({ min: 1, max: 2000, noNaN: true });

describe('pinch', () => {
  it('spreading the fingers to twice their distance doubles the zoom; closing them halves it', () => {
    expect(pinchScale(1, 100, 200)).toBe(2);
    expect(pinchScale(2, 200, 100)).toBe(1);
    expect(pinchScale(1, 100, 100)).toBe(1);
  });

  it('stays within the zoom limits and moves the way the fingers do', () => {
    fc.assert(
      fc.property(scale, length, length, (start, d0, d1) => {
        const s = pinchScale(start, d0, d1);
        expect(s).toBeGreaterThanOrEqual(MIN_SCALE);
        expect(s).toBeLessThanOrEqual(MAX_SCALE);
        if (d1 > d0) expect(s).toBeGreaterThanOrEqual(start - 1e-9);
        if (d1 < d0) expect(s).toBeLessThanOrEqual(start + 1e-9);
      }),
    );
  });

  it('a zero distance (two touches on one spot) keeps the zoom instead of dividing by zero', () => {
    expect(pinchScale(1.5, 0, 120)).toBe(1.5);
    expect(pinchScale(1.5, 120, 0)).toBe(1.5);
  });

  it('zooms around the point between the fingers', () => {
    expect(midpoint({ x: 100, y: 300 }, { x: 200, y: 100 })).toEqual({ x: 150, y: 200 });
    expect(distanceBetween({ x: 0, y: 0 }, { x: 30, y: 40 })).toBe(50);
  });
});

describe('double tap', () => {
  it('is two taps close in time and place', () => {
    const first = { x: 100, y: 100, time: 1000 };
    expect(isDoubleTap(null, first)).toBe(false);
    expect(isDoubleTap(first, { x: 110, y: 95, time: 1200 })).toBe(true);
    expect(isDoubleTap(first, { x: 110, y: 95, time: 1400 })).toBe(false); // too slow
    expect(isDoubleTap(first, { x: 160, y: 100, time: 1100 })).toBe(false); // too far: two separate taps
  });

  it('zooms in twice as far, and a second double tap goes back to fit width', () => {
    expect(doubleTapZoom(0.56, 0.56)).toBeCloseTo(1.12);
    expect(doubleTapZoom(1.12, 0.56)).toBe('fit-width');
    expect(doubleTapZoom(3, 1)).toBe('fit-width');
    expect(doubleTapZoom(MAX_SCALE, 3)).toBe('fit-width');
  });

  it('never leaves the zoom range', () => {
    fc.assert(
      fc.property(scale, scale, (current, fit) => {
        const next = doubleTapZoom(current, fit);
        if (next !== 'fit-width') {
          expect(next).toBeGreaterThan(current);
          expect(next).toBeLessThanOrEqual(MAX_SCALE);
        }
      }),
    );
  });
});

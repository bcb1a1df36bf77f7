import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boxFromAny, toCanonicalBoxes } from './conventions.ts';
import { canonicalToView, displaySize, type PageFrame } from './transform.ts';
import type { Box, CoordsDescriptor } from '../model/types.ts';

// A US Letter page whose CropBox is offset inside a larger MediaBox: [10, 20] .. [622, 812] in user space.
const frameWith = (rotate: number, view: PageFrame['view'] = [10, 20, 622, 812]): PageFrame => ({ view, rotate });
const ROTATIONS = [0, 90, 180, 270] as const;
const W = 612;
const H = 792;

const near = (a: Box, b: Box, eps = 1e-6) => {
  expect(a.page).toBe(b.page);
  for (const k of ['x0', 'y0', 'x1', 'y1'] as const) expect(Math.abs(a[k] - b[k])).toBeLessThan(eps);
};

const one = (box: Box, coords: CoordsDescriptor | undefined, frame: PageFrame) => {
  const r = toCanonicalBoxes([box], coords, () => frame);
  expect(r.flags).toEqual([]);
  expect(r.boxes).toHaveLength(1);
  return r.boxes[0]!;
};

const TL_PT: CoordsDescriptor = { origin: 'top-left', units: 'pt', frame: 'unrotated' };
const BL_PT: CoordsDescriptor = { origin: 'bottom-left', units: 'pt', frame: 'unrotated' };

describe('toCanonicalBoxes: unrotated conventions', () => {
  const frame = frameWith(0);
  const canonical: Box = { page: 1, x0: 100, y0: 92, x1: 200, y1: 112 };

  it('leaves canonical boxes (no descriptor, or top-left pt unrotated) as they are', () => {
    near(one(canonical, undefined, frame), canonical);
    near(one(canonical, TL_PT, frame), canonical);
  });

  it('reads bottom-left pt as raw user space, subtracting the CropBox offset', () => {
    // User space: x 110..210, y 700..720 (y up, MediaBox origin). CropBox top is y = 812.
    near(one({ page: 1, x0: 110, y0: 700, x1: 210, y1: 720 }, BL_PT, frame), canonical);
  });

  it('reads fractions of the CropBox, from either origin', () => {
    const f = { page: 1, x0: 100 / W, y0: 92 / H, x1: 200 / W, y1: 112 / H };
    near(one(f, { origin: 'top-left', units: 'fraction', frame: 'unrotated' }, frame), canonical);
    const fb = { page: 1, x0: 100 / W, y0: 1 - 112 / H, x1: 200 / W, y1: 1 - 92 / H };
    near(one(fb, { origin: 'bottom-left', units: 'fraction', frame: 'unrotated' }, frame), canonical);
  });

  it('reads pixels of an image of pageWidth × pageHeight', () => {
    const s = 150 / 72;
    const px = { page: 1, x0: 100 * s, y0: 92 * s, x1: 200 * s, y1: 112 * s };
    near(one(px, { origin: 'top-left', units: 'px', frame: 'unrotated', pageWidth: W * s, pageHeight: H * s }, frame), canonical);
    const pxb = { page: 1, x0: 100 * s, y0: (H - 112) * s, x1: 200 * s, y1: (H - 92) * s };
    near(one(pxb, { origin: 'bottom-left', units: 'px', frame: 'unrotated', pageWidth: W * s, pageHeight: H * s }, frame), canonical);
  });

  it('reads px without an image size as points (pdf.js viewport at scale 1)', () => {
    near(one(canonical, { origin: 'top-left', units: 'px', frame: 'unrotated' }, frame), canonical);
  });

  it('normalizes swapped corners', () => {
    near(one({ page: 1, x0: 200, y0: 112, x1: 100, y1: 92 }, undefined, frame), canonical);
  });
});

describe('toCanonicalBoxes: displayed frame, every /Rotate', () => {
  const canonical: Box = { page: 3, x0: 72, y0: 100, x1: 300, y1: 130 };

  for (const rotate of ROTATIONS) {
    describe(`/Rotate ${rotate}`, () => {
      const frame = frameWith(rotate);
      const view = canonicalToView(canonical, frame, 1);
      const { width: dw, height: dh } = displaySize(frame, 1);

      it('reads displayed pt (top-left) as the pdf.js viewport at scale 1', () => {
        const b = { page: 3, x0: view.left, y0: view.top, x1: view.left + view.width, y1: view.top + view.height };
        near(one(b, { origin: 'top-left', units: 'pt', frame: 'displayed' }, frame), canonical);
      });

      it('reads displayed pt measured from the bottom-left of the displayed page', () => {
        const b = { page: 3, x0: view.left, y0: dh - view.top - view.height, x1: view.left + view.width, y1: dh - view.top };
        near(one(b, { origin: 'bottom-left', units: 'pt', frame: 'displayed' }, frame), canonical);
      });

      it('reads displayed fractions and displayed pixels', () => {
        const f = { page: 3, x0: view.left / dw, y0: view.top / dh, x1: (view.left + view.width) / dw, y1: (view.top + view.height) / dh };
        near(one(f, { origin: 'top-left', units: 'fraction', frame: 'displayed' }, frame), canonical);
        const v2 = canonicalToView(canonical, frame, 2);
        const px = { page: 3, x0: v2.left, y0: v2.top, x1: v2.left + v2.width, y1: v2.top + v2.height };
        near(one(px, { origin: 'top-left', units: 'px', frame: 'displayed', pageWidth: dw * 2, pageHeight: dh * 2 }, frame), canonical);
      });

      it('ignores /Rotate for the unrotated frame', () => {
        near(one(canonical, TL_PT, frame), canonical);
        const f = { page: 3, x0: 72 / W, y0: 100 / H, x1: 300 / W, y1: 130 / H };
        near(one(f, { origin: 'top-left', units: 'fraction', frame: 'unrotated' }, frame), canonical);
        near(one({ page: 3, x0: 82, y0: 682, x1: 310, y1: 712 }, BL_PT, frame), canonical);
      });
    });
  }

  it('keeps a point-like box that rounding puts a hair past the page edge (found by the property below)', () => {
    const frame: PageFrame = { view: [0, 0, 670, 50], rotate: 180 };
    const coords: CoordsDescriptor = { origin: 'bottom-left', units: 'px', frame: 'displayed', pageWidth: 1000, pageHeight: 1400 };
    const canonical: Box = { page: 2, x0: 0, y0: 0, x1: 8.48409236728478e-17 * 670, y1: 0 };
    const r = toCanonicalBoxes([encode(canonical, coords, frame)], coords, () => frame);
    expect(r.flags).toEqual([]);
    expect(r.boxes).toHaveLength(1);
  });

  it('round-trips random boxes through canonicalToView for every convention', () => {
    const conventions: CoordsDescriptor[] = [];
    for (const origin of ['top-left', 'bottom-left'] as const)
      for (const units of ['pt', 'fraction', 'px'] as const)
        for (const frame of ['unrotated', 'displayed'] as const) conventions.push({ origin, units, frame, pageWidth: 1000, pageHeight: 1400 });

    const arb = fc.record({
      rotate: fc.constantFrom(0, 90, 180, 270, -90, 450),
      ox: fc.integer({ min: -200, max: 200 }),
      oy: fc.integer({ min: -200, max: 200 }),
      w: fc.integer({ min: 50, max: 2000 }),
      h: fc.integer({ min: 50, max: 2000 }),
      a: fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
      b: fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
      coords: fc.constantFrom(...conventions),
    });
    fc.assert(
      fc.property(arb, ({ rotate, ox, oy, w, h, a, b, coords }) => {
        const frame: PageFrame = { view: [ox, oy, ox + w, oy + h], rotate };
        const canonical: Box = {
          page: 2,
          x0: Math.min(a[0], b[0]) * w,
          y0: Math.min(a[1], b[1]) * h,
          x1: Math.max(a[0], b[0]) * w,
          y1: Math.max(a[1], b[1]) * h,
        };
        const encoded = encode(canonical, coords, frame);
        const r = toCanonicalBoxes([encoded], coords, (p) => (p === 2 ? frame : undefined));
        expect(r.flags).toEqual([]);
        near(r.boxes[0]!, canonical, 1e-6 * Math.max(w, h));
      }),
      { numRuns: 1000 },
    );
  });
});

/** Express a canonical box in `coords`, independently of conventions.ts (through canonicalToView). */
function encode(box: Box, coords: CoordsDescriptor, frame: PageFrame): Box {
  const displayed = coords.frame === 'displayed';
  const v = displayed ? canonicalToView(box, frame, 1) : { left: box.x0, top: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0 };
  const size = displayed ? displaySize(frame, 1) : { width: frame.view[2] - frame.view[0], height: frame.view[3] - frame.view[1] };
  const x0 = v.left;
  const x1 = v.left + v.width;
  let y0 = v.top;
  let y1 = v.top + v.height;
  if (coords.origin === 'bottom-left') {
    if (coords.units === 'pt' && !displayed) {
      // Raw user space.
      return { page: box.page, x0: x0 + frame.view[0], x1: x1 + frame.view[0], y0: frame.view[3] - y1, y1: frame.view[3] - y0 };
    }
    [y0, y1] = [size.height - y1, size.height - y0];
  }
  const sx = coords.units === 'fraction' ? 1 / size.width : coords.units === 'px' ? coords.pageWidth! / size.width : 1;
  const sy = coords.units === 'fraction' ? 1 / size.height : coords.units === 'px' ? coords.pageHeight! / size.height : 1;
  return { page: box.page, x0: x0 * sx, x1: x1 * sx, y0: y0 * sy, y1: y1 * sy };
}

describe('toCanonicalBoxes: per-page frames, unknown frames, clamping', () => {
  it("uses each page's own frame, never page 1's", () => {
    const frames: Record<number, PageFrame> = {
      1: { view: [0, 0, 612, 792], rotate: 0 },
      2: { view: [50, 50, 500, 350], rotate: 90 },
      3: { view: [0, 0, 842, 595], rotate: 180 },
    };
    const f = { x0: 0.25, y0: 0.5, x1: 0.75, y1: 0.6 };
    const coords: CoordsDescriptor = { origin: 'top-left', units: 'fraction', frame: 'displayed' };
    const r = toCanonicalBoxes(
      [1, 2, 3].map((page) => ({ page, ...f })),
      coords,
      (p) => frames[p],
    );
    expect(r.flags).toEqual([]);
    for (const box of r.boxes) {
      const frame = frames[box.page]!;
      const { width, height } = displaySize(frame, 1);
      const v = canonicalToView(box, frame, 1);
      expect(v.left / width).toBeCloseTo(0.25, 9);
      expect(v.top / height).toBeCloseTo(0.5, 9);
      expect((v.left + v.width) / width).toBeCloseTo(0.75, 9);
      expect((v.top + v.height) / height).toBeCloseTo(0.6, 9);
    }
    expect(r.boxes[0]).not.toEqual({ ...r.boxes[1], page: 1 });
    // Page 2 is 450 × 300 unrotated, shown 300 × 450: x from 0.25·300 → canonical y, and so on.
    near(r.boxes[1]!, { page: 2, x0: 0.5 * 450, y0: 0.25 * 300, x1: 0.6 * 450, y1: 0.75 * 300 });
    // Bottom-left pt uses each page's own CropBox offset.
    const raw = toCanonicalBoxes(
      [
        { page: 1, x0: 100, y0: 100, x1: 120, y1: 110 },
        { page: 2, x0: 100, y0: 100, x1: 120, y1: 110 },
      ],
      BL_PT,
      (p) => frames[p],
    );
    near(raw.boxes[0]!, { page: 1, x0: 100, y0: 682, x1: 120, y1: 692 });
    near(raw.boxes[1]!, { page: 2, x0: 50, y0: 240, x1: 70, y1: 250 });
  });

  it('leaves boxes on pages whose frame is unknown untouched and reports nothing', () => {
    const box = { page: 9, x0: -5, y0: 0.1, x1: 2000, y1: 0.2 };
    const r = toCanonicalBoxes([box], { origin: 'top-left', units: 'fraction', frame: 'unrotated' }, () => undefined);
    expect(r).toEqual({ boxes: [box], flags: [] });
    const throwing = toCanonicalBoxes([box], undefined, () => {
      throw new Error('not loaded');
    });
    expect(throwing).toEqual({ boxes: [box], flags: [] });
  });

  it('clamps a box leaving the page and flags it', () => {
    const frame = frameWith(0);
    const r = toCanonicalBoxes(
      [
        { page: 1, x0: -10, y0: 700, x1: 100, y1: 800 },
        { page: 1, x0: 10, y0: 10, x1: 20, y1: 20 },
      ],
      undefined,
      () => frame,
    );
    expect(r.boxes).toEqual([
      { page: 1, x0: 0, y0: 700, x1: 100, y1: H },
      { page: 1, x0: 10, y0: 10, x1: 20, y1: 20 },
    ]);
    expect(r.flags.map((f) => f.code)).toEqual(['box-clamped']);
    expect(r.flags[0]!.message).toMatch(/1 box .*page 1/);
  });

  it('drops a box entirely off the page and flags it', () => {
    const frame = frameWith(90);
    const r = toCanonicalBoxes(
      [
        { page: 4, x0: 700, y0: 10, x1: 800, y1: 20 },
        { page: 4, x0: 10, y0: -30, x1: 20, y1: -20 },
        { page: 4, x0: 10, y0: 10, x1: 20, y1: 20 },
        { page: 5, x0: 0, y0: 0, x1: Number.NaN, y1: 5 },
      ],
      undefined,
      () => frame,
    );
    expect(r.boxes).toEqual([{ page: 4, x0: 10, y0: 10, x1: 20, y1: 20 }]);
    expect(r.flags.map((f) => f.code)).toEqual(['box-off-page']);
    expect(r.flags[0]!.message).toMatch(/3 boxes .*pages 4, 5/);
  });

  it('drops fractions beyond 1 and clamps ones straddling the edge', () => {
    const r = toCanonicalBoxes(
      [
        { page: 1, x0: 1.1, y0: 0.1, x1: 1.2, y1: 0.2 },
        { page: 1, x0: 0.9, y0: 0.1, x1: 1.2, y1: 0.2 },
      ],
      { origin: 'top-left', units: 'fraction', frame: 'unrotated' },
      () => frameWith(0),
    );
    expect(r.boxes).toHaveLength(1);
    expect(r.boxes[0]!.x1).toBe(W);
    expect(r.flags.map((f) => f.code).sort()).toEqual(['box-clamped', 'box-off-page']);
  });

  it('does not flag float noise at the edge', () => {
    const r = toCanonicalBoxes([{ page: 1, x0: -1e-9, y0: 0, x1: W + 1e-9, y1: H }], undefined, () => frameWith(0));
    expect(r.flags).toEqual([]);
    expect(r.boxes[0]).toEqual({ page: 1, x0: 0, y0: 0, x1: W, y1: H });
  });

  it('keeps every converted box inside its page', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            page: fc.integer({ min: 1, max: 3 }),
            x0: fc.double({ min: -2000, max: 2000, noNaN: true }),
            y0: fc.double({ min: -2000, max: 2000, noNaN: true }),
            x1: fc.double({ min: -2000, max: 2000, noNaN: true }),
            y1: fc.double({ min: -2000, max: 2000, noNaN: true }),
          }),
          { maxLength: 8 },
        ),
        fc.constantFrom<CoordsDescriptor | undefined>(undefined, BL_PT, { origin: 'top-left', units: 'pt', frame: 'displayed' }),
        (boxes, coords) => {
          const frames: Record<number, PageFrame> = { 1: frameWith(0), 2: frameWith(90, [0, 0, 300, 500]), 3: frameWith(270, [-100, -100, 400, 900]) };
          const r = toCanonicalBoxes(boxes, coords, (p) => frames[p]);
          for (const b of r.boxes) {
            const f = frames[b.page]!;
            const w = f.view[2] - f.view[0];
            const h = f.view[3] - f.view[1];
            expect(b.x0).toBeGreaterThanOrEqual(0);
            expect(b.y0).toBeGreaterThanOrEqual(0);
            expect(b.x1).toBeLessThanOrEqual(w);
            expect(b.y1).toBeLessThanOrEqual(h);
            expect(b.x1).toBeGreaterThanOrEqual(b.x0);
            expect(b.y1).toBeGreaterThanOrEqual(b.y0);
          }
          expect(r.boxes.length).toBeLessThanOrEqual(boxes.length);
          if (r.boxes.length < boxes.length) expect(r.flags.map((x) => x.code)).toContain('box-off-page');
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('boxFromAny', () => {
  const expected = { page: 2, x0: 10, y0: 20, x1: 110, y1: 70 };

  it('reads [x0, y0, x1, y1], with corners in any order', () => {
    expect(boxFromAny([10, 20, 110, 70], 2)).toEqual(expected);
    expect(boxFromAny([110, 70, 10, 20], 2)).toEqual(expected);
  });

  it('reads { x, y, width, height } and its aliases', () => {
    expect(boxFromAny({ x: 10, y: 20, width: 100, height: 50 }, 2)).toEqual(expected);
    expect(boxFromAny({ x: 10, y: 20, w: 100, h: 50 }, 2)).toEqual(expected);
    expect(boxFromAny({ Left: 10, Top: 20, Width: 100, Height: 50 }, 2)).toEqual(expected);
    expect(boxFromAny({ left: 10, top: 20, right: 110, bottom: 70 }, 2)).toEqual(expected);
  });

  it('reads { x0, y0, x1, y1 } and { x1, y1, x2, y2 }', () => {
    expect(boxFromAny({ x0: 10, y0: 20, x1: 110, y1: 70 }, 2)).toEqual(expected);
    expect(boxFromAny({ x1: 10, y1: 70, x2: 110, y2: 20 }, 2)).toEqual(expected);
  });

  it('reads polygons as their bounding box', () => {
    const pairs = [
      [10, 70],
      [110, 70],
      [110, 20],
      [10, 20],
    ];
    expect(boxFromAny(pairs, 2)).toEqual(expected);
    expect(boxFromAny(pairs.flat(), 2)).toEqual(expected);
    expect(boxFromAny([10, 20, 110, 25, 60, 70], 2)).toEqual(expected);
    expect(boxFromAny({ points: pairs }, 2)).toEqual(expected);
    expect(boxFromAny({ polygon: pairs.flat() }, 2)).toEqual(expected);
    expect(boxFromAny({ vertices: pairs.map(([x, y]) => ({ x, y })) }, 2)).toEqual(expected);
  });

  it('rejects everything else', () => {
    for (const bad of [
      null,
      undefined,
      3,
      'x',
      [],
      [1, 2, 3],
      [1, 2, 3, 4, 5],
      [1, 2, 3, Number.NaN],
      [1, 2, 3, 4, 5, 6, 7],
      { x: 1 },
      { points: [[1, 2, 3]] },
      [[1, 2]],
      { x: 1, y: 2, width: '3', height: 4 },
      [Infinity, 0, 1, 1],
    ]) {
      expect(boxFromAny(bad, 1)).toBeNull();
    }
  });

  it('never throws and returns ordered finite boxes', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const b = boxFromAny(raw, 1);
        if (b) {
          expect(b.x0).toBeLessThanOrEqual(b.x1);
          expect(b.y0).toBeLessThanOrEqual(b.y1);
          expect([b.x0, b.y0, b.x1, b.y1].every(Number.isFinite)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { toCanonicalBoxes } from './conventions.ts';
import type { PageFrame } from './transform.ts';
import type { Box, CoordsDescriptor } from '../model/types.ts';

// Boxes entirely off the page, or absurdly large (±1e308), are dropped and flagged `box-off-page` in EVERY coordinate
// convention, canonical included, so the viewer falls back to the quote and says so; a slightly loose box is still
// clamped.

const CONVENTIONS: (CoordsDescriptor | undefined)[] = [undefined];
for (const origin of ['top-left', 'bottom-left'] as const)
  for (const units of ['pt', 'fraction', 'px'] as const)
    for (const frame of ['unrotated', 'displayed'] as const)
      CONVENTIONS.push(units === 'px' ? { origin, units, frame, pageWidth: 1224, pageHeight: 1584 } : { origin, units, frame });

const name = (c: CoordsDescriptor | undefined) => (c ? `${c.origin} ${c.units} ${c.frame}` : 'canonical');
const ROTATIONS = [0, 90] as const;

const HOSTILE: [string, Omit<Box, 'page'>][] = [
  ['x0: -500 (left of the page)', { x0: -500, y0: 10, x1: -400, y1: 20 }],
  ['±1e308', { x0: -1e308, y0: -1e308, x1: 1e308, y1: 1e308 }],
  ['1e308 beyond the far corner', { x0: 1e308, y0: 1e308, x1: 1e308 + 1, y1: 1e308 + 1 }],
  ['-1e308 to a point inside', { x0: -1e308, y0: 0.1, x1: 0.5, y1: 0.2 }],
];

describe('off-page boxes in every convention', () => {
  for (const coords of CONVENTIONS)
    for (const rotate of ROTATIONS)
      it(`${name(coords)}, page rotated ${rotate}: dropped and flagged`, () => {
        const frame: PageFrame = { view: [0, 0, 612, 792], rotate };
        for (const [label, b] of HOSTILE) {
          const r = toCanonicalBoxes([{ page: 1, ...b }], coords, () => frame);
          expect(r.boxes, label).toEqual([]);
          expect(
            r.flags.map((f) => f.code),
            label,
          ).toEqual(['box-off-page']);
        }
      });

  it('a box a little past the edge is still clamped, not dropped', () => {
    const frame: PageFrame = { view: [0, 0, 612, 792], rotate: 0 };
    const r = toCanonicalBoxes([{ page: 1, x0: -20, y0: 100, x1: 200, y1: 120 }], undefined, () => frame);
    expect(r.boxes).toEqual([{ page: 1, x0: 0, y0: 100, x1: 200, y1: 120 }]);
    expect(r.flags.map((f) => f.code)).toEqual(['box-clamped']);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { concatBytes } from './concat-bytes.ts';

describe('concatBytes', () => {
  it('keeps every byte in order, whatever the chunking', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 12 }), (chunks) => {
        const joined = concatBytes(chunks);
        expect([...joined]).toEqual(chunks.flatMap((c) => [...c]));
      }),
    );
  });

  it('hands back a lone chunk without copying it, and makes an empty buffer of nothing', () => {
    const one = new Uint8Array([1, 2, 3]);
    expect(concatBytes([one])).toBe(one);
    expect(concatBytes([])).toEqual(new Uint8Array(0));
  });
});

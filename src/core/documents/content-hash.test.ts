import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from './content-hash.ts';

describe('contentHash', () => {
  it('names the same content the same way, always 28 hex digits', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(contentHash(s)).toBe(contentHash(`${s}`));
        expect(contentHash(s)).toMatch(/^[0-9a-f]{28}$/);
      }),
    );
  });

  it('tells apart files that differ by one character', () => {
    const answer = '{"id":"vendor-access","text":"Vendors must use MFA [1]."}';
    expect(contentHash(answer)).not.toBe(contentHash(answer.replace('MFA', 'MFa')));
    const seen = new Set(Array.from({ length: 2000 }, (_, i) => contentHash(`{"n":${i}}`)));
    expect(seen.size).toBe(2000);
  });
});

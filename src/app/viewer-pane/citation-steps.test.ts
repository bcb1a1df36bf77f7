import { describe, expect, it } from 'vitest';
import { neighbourCitation } from './citation-steps.ts';

describe('neighbourCitation', () => {
  const keys = ['1', '3', 'S2'];
  it('steps through the citations in order and stops at the ends', () => {
    expect(neighbourCitation(keys, '1', 1)).toBe('3');
    expect(neighbourCitation(keys, 'S2', -1)).toBe('3');
    expect(neighbourCitation(keys, 'S2', 1)).toBeNull();
    expect(neighbourCitation(keys, '1', -1)).toBeNull();
  });
  it('starts at the first (next) or the last (previous) when none or an unknown one is open', () => {
    expect(neighbourCitation(keys, null, 1)).toBe('1');
    expect(neighbourCitation(keys, 'nope', -1)).toBe('S2');
    expect(neighbourCitation([], null, 1)).toBeNull();
  });
});

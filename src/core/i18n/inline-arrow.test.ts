import { describe, expect, it } from 'vitest';
import { inlineArrow } from './inline-arrow.ts';

describe('inlineArrow', () => {
  it('reads ArrowRight as forward left to right, and as backward right to left', () => {
    expect(inlineArrow('ArrowRight', 'ltr')).toBe('forward');
    expect(inlineArrow('ArrowLeft', 'ltr')).toBe('backward');
    expect(inlineArrow('ArrowRight', 'rtl')).toBe('backward');
    expect(inlineArrow('ArrowLeft', 'rtl')).toBe('forward');
  });

  it('leaves other keys alone, and reads an unknown direction as left to right', () => {
    for (const key of ['ArrowUp', 'ArrowDown', 'Home', 'End', 'Enter', 'a']) expect(inlineArrow(key, 'rtl')).toBeNull();
    expect(inlineArrow('ArrowRight', '')).toBe('forward');
  });
});

import { describe, expect, it } from 'vitest';
import { readableDate } from './readable-date.ts';

describe('readableDate', () => {
  it('writes an ISO day as a reader does, whatever the time of day', () => {
    expect(readableDate('2024-06-10')).toBe('10 Jun 2024');
    expect(readableDate('2001-10-17T23:59:00-08:00')).toBe('17 Oct 2001');
  });

  it('shows anything that is not a real ISO day as given', () => {
    for (const s of ['2024-02-31', 'June 2024', '10/06/2024', '', '2024-13-01']) expect(readableDate(s)).toBe(s);
  });
});

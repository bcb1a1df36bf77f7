import { describe, expect, it } from 'vitest';
import { citationText } from './citation-text.ts';

describe('citationText', () => {
  it('gives title, page, section and quote on one line', () => {
    expect(citationText({ title: 'Vendor policy', page: 4, section: '3.2 Access', quote: 'Vendors must\nuse MFA.' })).toBe(
      'Vendor policy, p. 4, 3.2 Access: “Vendors must use MFA.”',
    );
  });
  it('leaves out what is missing', () => {
    expect(citationText({ title: 'Vendor policy', quote: 'x' })).toBe('Vendor policy: “x”');
    expect(citationText({ title: 'Vendor policy', page: 2 })).toBe('Vendor policy, p. 2');
  });
});

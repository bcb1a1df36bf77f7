import { describe, expect, it } from 'vitest';
import { sourceLabel } from './resolve.ts';
import type { Answer } from './types.ts';

const answer: Answer = { id: 'a', text: '', documents: [{ id: 'hb', title: 'Supplier Handbook', url: '/d/hb' }], sources: [] };

describe('sourceLabel', () => {
  it('names the physical page, and the printed one when it differs', () => {
    expect(sourceLabel(answer, { id: 'S1', documentId: 'hb', page: 5 })).toBe('Supplier Handbook, page 5');
    expect(sourceLabel(answer, { id: 'S1', documentId: 'hb', page: 5, pageLabel: '2' })).toBe('Supplier Handbook, page 5 (printed 2)');
    expect(sourceLabel(answer, { id: 'S1', documentId: 'hb', page: 5, pageLabel: '5' })).toBe('Supplier Handbook, page 5');
  });

  it('names a page given only as printed as such, and no page when there is none', () => {
    expect(sourceLabel(answer, { id: 'S1', documentId: 'hb', pageLabel: 'iii' })).toBe('Supplier Handbook, printed page iii');
    expect(sourceLabel(answer, { id: 'S1', documentId: 'hb', pageLabel: ' ' })).toBe('Supplier Handbook');
    expect(sourceLabel(answer, { id: 'S1', documentId: 'hb' })).toBe('Supplier Handbook');
  });
});

import { describe, expect, it } from 'vitest';
import { contextBefore } from './evidence-context.ts';
import { supportVerdict } from './support-verdict.ts';

const page = 'Annual report 2023\nAcme Corp makes brake pads in Ohio. The company was founded in 1999 and employs 40 people.';

describe('contextBefore', () => {
  it('gives the heading and the sentences before the passage', () => {
    expect(contextBefore(page, 'The company was founded in 1999')).toBe('Annual report 2023 Acme Corp makes brake pads in Ohio.');
  });

  it('finds the passage with other spacing and case, and gives nothing for a passage at the top or elsewhere', () => {
    expect(contextBefore(page, 'the   COMPANY was founded')).toContain('Acme Corp');
    expect(contextBefore(page, 'Annual report 2023')).toBeUndefined();
    expect(contextBefore(page, 'Globex makes gears')).toBeUndefined();
  });

  it('keeps whole sentences when the page is long, and the heading', () => {
    const long = `Title line\n${'Filler sentence here. '.repeat(40)}Acme Corp is the maker. It was founded in 1999.`;
    const ctx = contextBefore(long, 'It was founded in 1999', 60)!;
    expect(ctx.startsWith('Title line … ')).toBe(true);
    expect(ctx).toContain('Acme Corp is the maker.');
    expect(ctx).not.toMatch(/… [a-z]/u);
  });

  it('lets the rules find the subject the passage calls "the company" (coreference context)', () => {
    const claim = 'Acme Corp was founded in 1999.';
    const passage = 'The company was founded in 1999 and employs 40 people.';
    expect(supportVerdict(claim, { passages: [passage] }).verdict).toBe('needs-look');
    expect(supportVerdict(claim, { passages: [passage], context: [contextBefore(page, passage)!] }).verdict).toBe('supported');
  });
});

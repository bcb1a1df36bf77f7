import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDisplayState, parseViewState, serializeViewState } from './url-state.ts';

describe('view state in the URL', () => {
  it('reads every known parameter', () => {
    expect(parseViewState('?answer=vendor-access&cite=2&doc=vsp&page=7&region=2')).toEqual({
      answer: 'vendor-access',
      cite: '2',
      doc: 'vsp',
      page: 7,
      region: 2,
    });
    expect(parseViewState('?cite=S2').cite).toBe('S2');
  });

  it('reads the selected claim, and writes it right after the answer', () => {
    expect(parseViewState('?answer=a&claim=c-1x2y3z-0&cite=2')).toEqual({ answer: 'a', claim: 'c-1x2y3z-0', cite: '2' });
    expect(parseViewState('?answer=a&claim=c%2F1')).toEqual({ answer: 'a' });
    expect(serializeViewState({ cite: '2', claim: 'c-9-1', answer: 'a' })).toBe('?answer=a&claim=c-9-1&cite=2');
  });

  it('reads the turn of a conversation (1-based) and writes it right after the answer', () => {
    expect(parseViewState('?answer=a&turn=2&cite=1')).toEqual({ answer: 'a', turn: 2, cite: '1' });
    expect(serializeViewState({ cite: '1', claim: 'c-9-1', turn: 3, answer: 'a' })).toBe('?answer=a&turn=3&claim=c-9-1&cite=1');
    // Turns count from 1; anything else is dropped and the link opens the answer's own turn.
    for (const bad of ['0', '-1', '1.5', 'two', '', '12345678']) expect(parseViewState(`?answer=a&turn=${bad}`)).toEqual({ answer: 'a' });
  });

  it('ignores unknown parameters and drops malformed values', () => {
    expect(parseViewState('?answer=a&utm_source=x&page=-3&cite=<script>&doc=../etc')).toEqual({ answer: 'a' });
    expect(parseViewState('?page=0&region=abc')).toEqual({});
  });

  it('round-trips any valid view', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9._-]{1,20}$/);
    fc.assert(
      fc.property(
        fc.record(
          {
            answer: id,
            turn: fc.integer({ min: 1, max: 500 }),
            claim: id,
            cite: fc.oneof(
              fc.integer({ min: 0, max: 999 }).map(String),
              fc.integer({ min: 1, max: 99 }).map((n) => `S${n}`),
            ),
            doc: id,
            page: fc.integer({ min: 1, max: 5000 }),
            region: fc.integer({ min: 1, max: 50 }),
          },
          { requiredKeys: [] },
        ),
        (state) => {
          expect(parseViewState(serializeViewState(state))).toEqual(state);
        },
      ),
    );
  });

  it('reads the UI language (lang) as a display setting, written last; unknown languages are dropped', () => {
    expect(parseDisplayState('?answer=a&lang=fa')).toEqual({ lang: 'fa' });
    expect(parseDisplayState('?lang=fa-IR').lang).toBe('fa');
    for (const bad of ['de', 'f', '<fa>', '']) expect(parseDisplayState(`?lang=${bad}`).lang).toBeUndefined();
    expect(serializeViewState({ answer: 'a', cite: '2' }, { theme: 'dark', lang: 'fa' })).toBe('?answer=a&cite=2&theme=dark&lang=fa');
    // A language is not part of what the view shows.
    expect(parseViewState('?answer=a&lang=fa')).toEqual({ answer: 'a' });
  });

  it('reads night pages (night=on|off) as a display setting, next to the theme; anything else is dropped', () => {
    expect(parseDisplayState('?answer=a&theme=dark&night=on')).toEqual({ theme: 'dark', night: true });
    expect(parseDisplayState('?night=off')).toEqual({ night: false });
    for (const bad of ['1', 'true', 'ON', '']) expect(parseDisplayState(`?night=${bad}`).night).toBeUndefined();
    expect(serializeViewState({ answer: 'a' }, { theme: 'dark', night: true, lang: 'fa' })).toBe('?answer=a&theme=dark&night=on&lang=fa');
    // Off is a choice too (white pages for a reader whose saved choice is night), so it is written.
    expect(serializeViewState({ answer: 'a' }, { night: false })).toBe('?answer=a&night=off');
    expect(parseViewState('?answer=a&night=on')).toEqual({ answer: 'a' });
  });
});

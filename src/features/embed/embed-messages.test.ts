import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyMessage, INBOUND_TYPES } from './embed-messages.ts';

const m = (type: string, payload: Record<string, unknown> = {}) => ({ type, version: 1, ...payload });

describe('classifyMessage (postMessage API v1)', () => {
  it('reads every message type of the API', () => {
    const valid = [
      m('citelens:hello'),
      m('citelens:load', { answerId: 'vendor-access' }),
      m('citelens:load', { answer: { id: 'x', text: 'y', documents: [], sources: [] } }),
      m('citelens:openCitation', { n: 2 }),
      m('citelens:openCitation', { sourceId: 'S2' }),
      m('citelens:openClaim', { claimId: 'c-1x2-0' }),
      m('citelens:setTheme', { theme: 'dark', accent: '#0F766E' }),
      m('citelens:setTheme', { theme: 'auto' }),
      m('citelens:setTheme', { theme: 'dark', night: true }),
      m('citelens:setPanels', { panels: ['viewer', 'answer'] }),
      m('citelens:setToken', { token: 'abc.DEF-123_~+/=' }),
      m('citelens:getLink'),
    ];
    for (const data of valid) expect(classifyMessage(data), JSON.stringify(data)).toMatchObject({ kind: 'message', message: data });
    expect(new Set(valid.map((v) => v.type))).toEqual(new Set(INBOUND_TYPES));
  });

  it('leaves other scripts’ messages alone: anything not typed citelens:… is foreign', () => {
    for (const data of [null, undefined, 'citelens:hello', 42, [], {}, { type: 7 }, { type: 'hello' }, { type: 'CITELENS:hello' }]) {
      expect(classifyMessage(data)).toEqual({ kind: 'foreign' });
    }
    fc.assert(
      fc.property(
        fc.string().filter((t) => !t.startsWith('citelens:')),
        fc.jsonValue(),
        (type, rest) => {
          expect(classifyMessage({ type, version: 1, rest })).toEqual({ kind: 'foreign' });
        },
      ),
    );
  });

  it('tells an unknown citelens type from a malformed known one', () => {
    expect(classifyMessage(m('citelens:takeOver'))).toEqual({ kind: 'unknown', type: 'citelens:takeOver' });
    const malformed = [
      { type: 'citelens:hello' }, // no version
      m('citelens:hello', { version: 2 }),
      m('citelens:load', {}),
      m('citelens:load', { answerId: 'a', answer: { id: 'a' } }),
      m('citelens:load', { answerId: '../etc/passwd' }),
      m('citelens:load', { answer: [1, 2] }),
      m('citelens:openCitation', { n: 1, sourceId: 'S1' }),
      m('citelens:openCitation', { n: -1 }),
      m('citelens:openCitation', { n: 1.5 }),
      m('citelens:openClaim', {}),
      m('citelens:setTheme', { theme: 'sepia' }),
      m('citelens:setTheme', { theme: 'dark', accent: 'red; background: url(x)' }),
      m('citelens:setTheme', { theme: 'dark', accent: '#fff' }),
      m('citelens:setTheme', { theme: 'dark', night: 'on' }),
      m('citelens:setPanels', { panels: [] }),
      m('citelens:setPanels', { panels: ['answer', 'chat'] }),
      m('citelens:setToken', { token: '' }),
      m('citelens:setToken', { token: 'two words' }),
    ];
    for (const data of malformed) expect(classifyMessage(data).kind, JSON.stringify(data)).toBe('malformed');
  });

  it('never repeats a field’s value in its reason (a malformed token stays out of the console)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 8 }).filter((t) => /[^A-Za-z0-9._~+/=-]/.test(t)),
        (token) => {
          const sorted = classifyMessage(m('citelens:setToken', { token }));
          expect(sorted.kind).toBe('malformed');
          expect(JSON.stringify(sorted)).not.toContain(JSON.stringify(token).slice(1, -1));
        },
      ),
    );
  });
});

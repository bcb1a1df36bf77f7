// @vitest-environment node
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbedChannel } from './embed-channel.ts';
import { resetWarnings } from './warn-once.ts';

const PORTAL = 'https://portal.example.com';
const OTHER = 'https://other.example.com';

function setup(allowed: readonly string[] | null = [PORTAL, OTHER]) {
  const parent = { postMessage: vi.fn() };
  const stranger = { postMessage: vi.fn() };
  const onMessage = vi.fn();
  const channel = new EmbedChannel({
    self: { addEventListener: () => undefined, removeEventListener: () => undefined },
    parent,
    allowedOrigins: () => allowed,
    features: () => ({ review: true, ask: false }),
    onMessage,
  });
  const from = (source: unknown, origin: string, data: unknown) => channel.receive({ source: source as MessageEventSource, origin, data });
  return { channel, parent, stranger, onMessage, from };
}

const hello = { type: 'citelens:hello', version: 1 };
const open2 = { type: 'citelens:openCitation', version: 1, n: 2 };

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetWarnings();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  expect(error).not.toHaveBeenCalled();
  vi.restoreAllMocks();
});

describe('EmbedChannel', () => {
  it('sends nothing before the handshake, then ready to exactly the portal’s origin', () => {
    const { channel, parent, from } = setup();
    expect(channel.send({ type: 'citelens:resize', height: 10 })).toBe(false);
    from(parent, PORTAL, hello);
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'citelens:ready', version: 1, features: { review: true, ask: false } }, PORTAL);
    expect(channel.state).toEqual({ kind: 'connected', origin: PORTAL });
    expect(channel.send({ type: 'citelens:resize', height: 10 })).toBe(true);
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: 'citelens:resize', version: 1, height: 10 }, PORTAL);
  });

  it('refuses a hello from another window, even one on an allowed origin, and from an origin not allowed', () => {
    const { channel, parent, stranger, from } = setup();
    from(stranger, PORTAL, hello);
    from(parent, 'https://evil.example', hello);
    from(parent, 'null', hello);
    expect(channel.state.kind).toBe('waiting');
    expect(parent.postMessage).not.toHaveBeenCalled();
    expect(stranger.postMessage).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('waits while the allowed origins are unknown (the portal retries its hello)', () => {
    let allowed: string[] | null = null;
    const parent = { postMessage: vi.fn() };
    const channel = new EmbedChannel({
      self: { addEventListener: () => undefined, removeEventListener: () => undefined },
      parent,
      allowedOrigins: () => allowed,
      features: () => ({ review: false, ask: false }),
      onMessage: () => undefined,
    });
    channel.receive({ source: parent as unknown as MessageEventSource, origin: PORTAL, data: hello });
    expect(parent.postMessage).not.toHaveBeenCalled();
    allowed = [PORTAL];
    channel.receive({ source: parent as unknown as MessageEventSource, origin: PORTAL, data: hello });
    expect(parent.postMessage).toHaveBeenCalledOnce();
  });

  it('acts on messages only after the handshake, and then only from the locked origin', () => {
    const { parent, onMessage, from } = setup();
    from(parent, PORTAL, open2);
    expect(onMessage).not.toHaveBeenCalled();
    from(parent, PORTAL, hello);
    from(parent, OTHER, open2); // allowed in general, but the channel is locked to PORTAL now
    from(parent, OTHER, hello);
    expect(onMessage).not.toHaveBeenCalled();
    from(parent, PORTAL, open2);
    expect(onMessage).toHaveBeenCalledExactlyOnceWith(open2);
    expect(parent.postMessage.mock.calls.every(([, target]) => target === PORTAL)).toBe(true);
  });

  it('ignores unknown and malformed messages with one warning per type, never an error', () => {
    const { parent, onMessage, from } = setup();
    from(parent, PORTAL, hello);
    for (let i = 0; i < 5; i++) {
      from(parent, PORTAL, { type: 'citelens:takeOver', version: 1 });
      from(parent, PORTAL, { type: 'citelens:openCitation', version: 1, n: 'two' });
      from(parent, PORTAL, { type: 'citelens:setToken', version: 1, token: 'has spaces in it' });
      from(parent, PORTAL, { type: 'webpack-hmr', data: 1 }); // another script's message: not a word
    }
    expect(onMessage).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls.flat().join(' ')).not.toContain('has spaces in it');
  });

  it('whatever arrives, it never posts to "*", to another window, or before an accepted hello', () => {
    const sources = ['parent', 'stranger'] as const;
    const origins = [PORTAL, OTHER, 'https://evil.example', 'null'];
    const datas = [hello, open2, { type: 'citelens:getLink', version: 1 }, { type: 'citelens:hello', version: 2 }, { type: 'x' }, null];
    fc.assert(
      fc.property(
        fc.array(fc.record({ source: fc.constantFrom(...sources), origin: fc.constantFrom(...origins), data: fc.constantFrom(...datas) }), { maxLength: 30 }),
        (events) => {
          const { channel, parent, stranger, from } = setup();
          let lockedTo: string | null = null;
          for (const e of events) {
            from(e.source === 'parent' ? parent : stranger, e.origin, e.data);
            const accepted = e.source === 'parent' && e.data === hello && (lockedTo === null ? [PORTAL, OTHER].includes(e.origin) : e.origin === lockedTo);
            if (accepted) lockedTo ??= e.origin;
            channel.send({ type: 'citelens:resize', height: 1 });
          }
          expect(stranger.postMessage).not.toHaveBeenCalled();
          if (lockedTo === null) expect(parent.postMessage).not.toHaveBeenCalled();
          for (const [, target] of parent.postMessage.mock.calls) expect(target).toBe(lockedTo);
          resetWarnings();
        },
      ),
    );
  });
});

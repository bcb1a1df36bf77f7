import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodyLimit } from './body-limit.ts';

// The cap must not open the body of a request that declares its length (body-limit.ts says why: on the Node server
// that builds a fetch Request per request, which outlived young-generation GCs and grew RSS under load).

function appWith(maxSize: number) {
  const app = new Hono();
  let refusedBeforeBody = 0;
  app.post(
    '/limited',
    bodyLimit({ maxSize, onError: (c) => c.json({ error: 'too large' }, 413) }),
    // Like the ask route's rate limit: a refusal that never reads the body.
    (c, next) => (c.req.header('X-Refuse') ? (refusedBeforeBody++, c.json({ error: 'rate limited' }, 429)) : next()),
    async (c) => c.json({ got: (await c.req.json()) as unknown }),
  );
  return { app, refused: () => refusedBeforeBody };
}

/** A request whose `body` getter counts its reads (the getter the Node server turns into a whole Request). */
function countingRequest(body: BodyInit, headers: Record<string, string>) {
  const request = new Request('http://local/limited', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
  let reads = 0;
  const proto = Object.getPrototypeOf(request) as object;
  const getter = Object.getOwnPropertyDescriptor(Request.prototype, 'body')?.get ?? Object.getOwnPropertyDescriptor(proto, 'body')?.get;
  Object.defineProperty(request, 'body', {
    get() {
      reads++;
      return getter?.call(request) as ReadableStream | null;
    },
  });
  return { request, reads: () => reads };
}

function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
      controller.close();
    },
  });
}

describe('bodyLimit', () => {
  it('refuses a request with its 429 without opening the body the request declared the length of', async () => {
    const { app, refused } = appWith(64);
    const body = JSON.stringify({ question: 'why?' });
    const r = countingRequest(body, { 'Content-Type': 'application/json', 'Content-Length': String(body.length), 'X-Refuse': '1' });
    const res = await app.request(r.request);
    expect(res.status).toBe(429);
    expect(refused()).toBe(1);
    expect(r.reads()).toBe(0);
  });

  it('passes a body within the cap to the handler without the limit opening it', async () => {
    const { app } = appWith(64);
    const body = JSON.stringify({ question: 'why?' });
    const r = countingRequest(body, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) });
    const res = await app.request(r.request);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ got: { question: 'why?' } });
    expect(r.reads()).toBe(0);
  });

  it('refuses a declared length over the cap with 413, before the handler', async () => {
    const { app } = appWith(64);
    const body = JSON.stringify({ question: 'x'.repeat(100) });
    const res = await app.request('/limited', { method: 'POST', body, headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) } });
    expect(res.status).toBe(413);
  });

  it('counts a body without a length (chunked) as it streams: over the cap is 413, within it reaches the handler', async () => {
    const { app } = appWith(64);
    const over = await app.request(
      new Request('http://local/limited', { method: 'POST', body: chunked(JSON.stringify({ q: 'y'.repeat(100) })), duplex: 'half' } as RequestInit),
    );
    expect(over.status).toBe(413);
    const within = await app.request(
      new Request('http://local/limited', { method: 'POST', body: chunked(JSON.stringify({ q: 'short' })), duplex: 'half' } as RequestInit),
    );
    expect(within.status).toBe(200);
    expect(await within.json()).toEqual({ got: { q: 'short' } });
  });
});

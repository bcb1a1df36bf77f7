// @vitest-environment node
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalAnswerSchema } from '../../api/answer-schema.ts';
import type { Answer } from '../../core/model/types.ts';
import { createApp } from '../app.ts';
import type { LlmConfig } from './llm-answer.ts';

// The model-backed answerer against a tiny OpenAI-compatible server made here (never a real model): the model cites
// a passage it was given and invents [S9]; the invented citation is dropped from the text and reported.

const demo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo-data');

interface Seen {
  url: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

/** `hold`: never answer (the request stays open until its client gives up), for the timeout's test. */
type Reply = (seen: Seen) => { status: number; body: unknown; delayMs?: number; hold?: boolean };

let dataDir: string;
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
/** Model requests whose client went away before the reply was sent. */
let abandoned = 0;
let reply: Reply = () => ({ status: 500, body: {} });

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'citelens-ask-llm-'));
  mkdirSync(path.join(dataDir, 'documents'), { recursive: true });
  for (const f of ['vendor-security-policy.pdf', 'vendor-security-policy.meta.json'])
    copyFileSync(path.join(demo, 'documents', f), path.join(dataDir, 'documents', f));
  server = createServer((req, res) => {
    void readJson(req).then((body) => {
      const s: Seen = { url: req.url ?? '', authorization: req.headers.authorization, body: body as Seen['body'] };
      seen.push(s);
      const r = reply(s);
      res.on('close', () => {
        if (!res.writableFinished) abandoned++;
      });
      if (r.hold) return;
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(r.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(r.body));
      }, r.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

function app(llm: Partial<LlmConfig> = {}) {
  return createApp({
    dataDir,
    warn: () => undefined,
    ask: { streamDelayMs: 0, llm: { url: baseUrl, model: 'fake-model', apiKey: 'sk-test-key', timeoutMs: 5000, ...llm } },
  });
}

function ask(a: ReturnType<typeof app>, question: string, accept = 'application/json') {
  return a.request('/api/ask', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: accept }, body: JSON.stringify({ question }) });
}

const completion = (content: string) => ({
  status: 200,
  body: { id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] },
});

describe('the model-backed answerer', () => {
  it('drops an invented S-ID from the text and reports it in invalidMarkers', async () => {
    reply = () => completion('Unused vendor accounts are disabled after 30 days [S1]. Disabled accounts are later destroyed by fire [S9].');
    const a = app();
    const res = await ask(a, 'How long until unused vendor accounts are disabled?');
    expect(res.status).toBe(201);
    const { answer } = (await res.json()) as { answer: Answer };
    expect(answer.text).toBe('Unused vendor accounts are disabled after 30 days [S1]. Disabled accounts are later destroyed by fire.');
    expect(answer.invalidMarkers).toEqual(['S9']);
    expect(answer.sources.map((s) => s.id)).toEqual(['S1']);
    expect(answer.sources[0]).toMatchObject({
      documentId: 'vendor-security-policy',
      page: 3,
      quote: 'Vendor accounts that have not been used for 30 days are disabled automatically.',
    });
    expect(answer.sources[0]?.boxes?.length).toBeGreaterThan(0);
    // the client's schema keeps the report, and the stored answer has it too
    expect(canonicalAnswerSchema.parse(answer).invalidMarkers).toEqual(['S9']);
    expect(((await (await a.request(`/api/answers/${answer.id}`)).json()) as Answer).invalidMarkers).toEqual(['S9']);

    // what the model was sent: the endpoint, the key, the model, and the passages labelled S1…Sk with the question
    const last = seen.at(-1);
    expect(last?.url).toBe('/v1/chat/completions');
    expect(last?.authorization).toBe('Bearer sk-test-key');
    expect(last?.body.model).toBe('fake-model');
    const user = last?.body.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(user).toContain(
      '[S1] (Vendor Security Policy, page 3, 3.4 Access Reviews)\nVendor accounts that have not been used for 30 days are disabled automatically.',
    );
    expect(user).toMatch(/Question: How long until unused vendor accounts are disabled\?$/);
    expect(last?.body.messages[0]?.content).toMatch(/only the IDs supplied/);
  });

  it('streams the checked answer: the invented marker never reaches the client', async () => {
    reply = () => completion('Remote sessions time out after 15 minutes of inactivity [S1][S9].');
    const res = await ask(app(), 'When do remote sessions time out?', 'text/event-stream');
    const body = await res.text();
    expect(body).not.toContain('S9]');
    const done = JSON.parse(/event: done\ndata: (.*)/.exec(body)?.[1] ?? '{}') as { answer: Answer };
    expect(done.answer.text).toBe('Remote sessions time out after 15 minutes of inactivity [S1].');
    expect(done.answer.invalidMarkers).toEqual(['S9']);
  });

  it('does not ask the model when nothing relevant was retrieved', async () => {
    const before = seen.length;
    const res = await ask(app(), 'What is the capital of France?');
    const { answer } = (await res.json()) as { answer: Answer };
    expect(answer.text).toMatch(/^Nothing relevant was found/);
    expect(seen.length).toBe(before);
  });

  it('cancels the model request when the client goes away, and stores nothing', async () => {
    reply = () => ({ ...completion('Too late [S1].'), delayMs: 4000 });
    const a = app();
    const listed = async () => ((await (await a.request('/api/answers')).json()) as unknown[]).length;
    const before = await listed();
    const asked = seen.length;
    const client = new AbortController();
    const pending = Promise.resolve(
      a.request('/api/ask', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ question: 'How long until unused vendor accounts are disabled?' }),
        signal: client.signal,
      }),
    ).then((res) => res.text().catch(() => ''));
    for (let i = 0; i < 200 && seen.length === asked; i++) await new Promise((r) => setTimeout(r, 50));
    expect(seen.length).toBe(asked + 1);
    const abandonedBefore = abandoned;
    client.abort();
    await pending.catch(() => undefined);
    for (let i = 0; i < 40 && abandoned === abandonedBefore; i++) await new Promise((r) => setTimeout(r, 50));
    expect(abandoned).toBe(abandonedBefore + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await listed()).toBe(before);
  }, 30_000);

  it('turns a failing model into a clear error: HTTP status, bad body, timeout', async () => {
    reply = () => ({ status: 503, body: { error: { message: 'model is loading' } } });
    let res = await ask(app(), 'How long until unused vendor accounts are disabled?');
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: { code: 'model_error', message: 'The language model answered HTTP 503: model is loading.' } });

    reply = () => ({ status: 200, body: { choices: [] } });
    res = await ask(app(), 'How long until unused vendor accounts are disabled?');
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/without any text/);

    // The model never answers: the stream can only end, with its error, because the 300 ms timeout gave up on it
    // (no wall-clock comparison, which a loaded machine broke once), and the model's request is then closed.
    reply = () => ({ ...completion('late [S1]'), hold: true });
    const cutOff = abandoned;
    res = await ask(app({ timeoutMs: 300 }), 'How long until unused vendor accounts are disabled?', 'text/event-stream');
    const body = await res.text();
    await expect.poll(() => abandoned).toBe(cutOff + 1);
    expect(body).toMatch(/event: error\ndata: \{"message":"The language model did not answer within 0 s\."\}/);
    expect(body).not.toContain('event: done');
  }, 30_000);
});

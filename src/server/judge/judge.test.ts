// @vitest-environment node
// The model judge against a tiny OpenAI-compatible server made here (never a real model): good verdicts, bad JSON,
// another shape, a refusal, an HTTP error and a timeout; the cache; the rules as first filter; and the answer the
// server sends carrying the verdict that the review rules turn into "needs a look", "contradicted" or nothing.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { reviewAnswer } from '../../core/review/review-answer.ts';
import { readJudgeEnv, type JudgeConfig } from './config.ts';
import { createJudge } from './judge-answer.ts';
import { askJudge, JudgeError, parseVerdict } from './judge-client.ts';

type Reply = { status?: number; body: unknown; delayMs?: number };
let server: Server;
let config: JudgeConfig;
let reply: (prompt: string) => Reply = () => ({ body: {} });
const prompts: string[] = [];

const content = (text: string | null, refusal?: string): unknown => ({
  choices: [{ message: { role: 'assistant', content: text, ...(refusal && { refusal }) } }],
});
const verdict = (v: string, reason: string) => content(JSON.stringify({ verdict: v, reason }));

async function readBody(req: IncomingMessage): Promise<{ messages: { content: string }[] }> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const prompt = body.messages.map((m) => m.content).join('\n');
      prompts.push(prompt);
      const r = reply(prompt);
      const timer = setTimeout(() => {
        res.writeHead(r.status ?? 200, { 'Content-Type': 'application/json' });
        res.end(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
      }, r.delayMs ?? 0);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  config = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, model: 'judge-test', timeoutMs: 1000, concurrency: 2 };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  prompts.length = 0;
});

const input = { claim: 'Acme Corp was founded in 1999.', quote: 'The company was founded in 1999.', context: ['Acme Corp annual report'] };

describe('askJudge', () => {
  it('sends the claim, the quote and its context, and reads a strict JSON verdict', async () => {
    reply = () => ({ body: verdict('supported', 'The passage gives the founding year.') });
    await expect(askJudge(config, input)).resolves.toEqual({ verdict: 'supported', reason: 'The passage gives the founding year.' });
    expect(prompts[0]).toContain('Acme Corp was founded in 1999.');
    expect(prompts[0]).toContain('The company was founded in 1999.');
    expect(prompts[0]).toContain('Acme Corp annual report');
  });

  it('reads JSON in a code fence', () => {
    expect(parseVerdict('```json\n{"verdict":"contradicted","reason":"1998, not 1999."}\n```')).toEqual({ verdict: 'contradicted', reason: '1998, not 1999.' });
  });

  it.each([
    ['text that is not JSON', () => ({ body: content('Supported, I think.') }), /not answer with JSON/],
    ['JSON of another shape', () => ({ body: content('{"label":"yes"}') }), /another shape/],
    ['an unknown verdict', () => ({ body: content('{"verdict":"maybe","reason":"?"}') }), /another shape/],
    ['a refusal', () => ({ body: content(null, 'I cannot help with that.') }), /refused/],
    ['no text', () => ({ body: content('') }), /without any text/],
    ['an HTTP error', () => ({ status: 500, body: { error: { message: 'boom' } } }), /HTTP 500/],
    ['a body that is not JSON', () => ({ body: '<html>' }), /not JSON/],
    ['no answer in time', () => ({ body: verdict('supported', 'late'), delayMs: 3000 }), /within 1 s/],
  ])('fails with a JudgeError on %s', async (_name, r, message) => {
    reply = r as () => Reply;
    const p = askJudge(config, input);
    await expect(p).rejects.toBeInstanceOf(JudgeError);
    await expect(p).rejects.toThrow(message);
  });
});

function answer(claim: string, quote: string, support?: Answer['sources'][number]['support']): Answer {
  return {
    id: 'a',
    text: `${claim} [1]`,
    documents: [{ id: 'd', title: 'Acme Corp annual report', url: '/api/documents/d' }],
    sources: [{ id: 'S1', documentId: 'd', page: 1, quote, ...(support && { support }) }],
    citations: [{ n: 1, sourceId: 'S1' }],
  } as Answer;
}

const reviewed = (a: unknown) => {
  const r = reviewAnswer(a as Answer, buildAnswerModel(a as Answer));
  return { codes: r.flags.map((f) => `${f.code}:${f.severity}`), reasons: r.flags.map((f) => f.reason), support: r.claims[0]!.citations[0]!.support };
};

describe('createJudge: the answer the server sends', () => {
  it('writes the verdict on the source, marked with the model, and the rules show it', async () => {
    reply = () => ({ body: verdict('contradicted', 'The passage says the plant closed.') });
    const judge = createJudge(config);
    const { answer: out, stats } = await judge.apply(answer('The plant employs 300 people.', 'The plant in Ohio closed in 2019.'));
    expect(stats).toEqual({ asked: 1, cached: 0, failed: 0 });
    expect((out as Answer).sources[0]!.support).toEqual({ verdict: 'contradicted', checkedBy: 'judge-test', reason: 'The passage says the plant closed.' });
    const r = reviewed(out);
    expect(r.codes).toEqual(['contradicted:error']);
    expect(r.reasons[0]).toBe('Checked by judge-test: contradicted. The passage says the plant closed.');
    expect(r.support).toMatchObject({ by: 'judge', verdict: 'contradicted', model: 'judge-test' });
  });

  it('turns "not enough info" into "needs a look" (info), and "supported" into no flag', async () => {
    reply = () => ({ body: verdict('not_enough_info', 'The passage does not give a head count.') });
    const r = reviewed((await createJudge(config).apply(answer('The plant employs 300 people.', 'The plant in Ohio closed in 2019.'))).answer);
    expect(r.codes).toEqual(['needs-look:info']);
    expect(r.reasons[0]).toBe('Checked by judge-test: the passage does not say. The passage does not give a head count.');
    reply = () => ({ body: verdict('supported', 'Same facts, other words.') });
    const s = reviewed((await createJudge(config).apply(answer('The plant shut down in 2019.', 'The plant in Ohio closed in 2019.'))).answer);
    expect(s.codes).toEqual([]);
    expect(s.support).toMatchObject({ by: 'judge', verdict: 'supported', reason: 'Same facts, other words.' });
  });

  it('asks once per content: the second answer with the same claim, quote and context comes from the cache', async () => {
    reply = () => ({ body: verdict('supported', 'Same facts.') });
    const judge = createJudge(config);
    const a = answer('The plant shut down in 2019.', 'The plant in Ohio closed in 2019.');
    expect((await judge.apply(a)).stats).toEqual({ asked: 1, cached: 0, failed: 0 });
    expect((await judge.apply(structuredClone(a))).stats).toEqual({ asked: 0, cached: 1, failed: 0 });
    expect(prompts).toHaveLength(1);
  });

  it('leaves the rules in charge: what they decide is not asked, and a failed verdict keeps theirs', async () => {
    reply = () => ({ body: verdict('supported', 'should not be asked') });
    const judge = createJudge(config);
    // 60 days where the quote says 30: the rules contradict it themselves
    const ruled = await judge.apply(answer('Accounts unused for 60 days are disabled.', 'Accounts unused for 30 days are disabled.'));
    expect(ruled.stats.asked).toBe(0);
    expect(reviewed(ruled.answer).codes).toEqual(['contradicted:error']);
    reply = () => ({ body: content('no JSON here') });
    const failed = await judge.apply(answer('The plant employs 300 people.', 'The plant in Ohio closed in 2019.'));
    expect(failed.stats).toEqual({ asked: 0, cached: 0, failed: 1 });
    expect(reviewed(failed.answer).codes).toEqual(['needs-look:info']);
  });

  it("never overrides the backend's own verdict, and passes through what is not a canonical answer", async () => {
    reply = () => ({ body: verdict('contradicted', 'x') });
    const judge = createJudge(config);
    const own = answer('The plant employs 300 people.', 'The plant in Ohio closed in 2019.', { verdict: 'supported', score: 0.9 });
    expect((await judge.apply(own)).stats.asked).toBe(0);
    const wrapped = { response: { output: [] } };
    expect((await judge.apply(wrapped)).answer).toBe(wrapped);
  });
});

describe('readJudgeEnv', () => {
  it("is off without a model URL, uses its own or the ask answerer's, and refuses bad values", () => {
    expect(readJudgeEnv({})).toBeNull();
    expect(readJudgeEnv({ CITELENS_LLM_URL: 'http://127.0.0.1:8080/v1', CITELENS_LLM_MODEL: 'm' })).toMatchObject({
      model: 'm',
      url: 'http://127.0.0.1:8080/v1',
    });
    expect(
      readJudgeEnv({ CITELENS_JUDGE_URL: 'http://127.0.0.1:9/v1', CITELENS_JUDGE_MODEL: 'j', CITELENS_LLM_URL: 'http://x/v1', CITELENS_LLM_MODEL: 'm' }),
    ).toMatchObject({ model: 'j' });
    expect(readJudgeEnv({ CITELENS_JUDGE: 'off', CITELENS_LLM_URL: 'http://x/v1', CITELENS_LLM_MODEL: 'm' })).toBeNull();
    expect(() => readJudgeEnv({ CITELENS_JUDGE_URL: 'ftp://x' })).toThrow(/http\(s\) URL/);
    expect(() => readJudgeEnv({ CITELENS_JUDGE_URL: 'http://x/v1' })).toThrow(/no model is named/);
    expect(() => readJudgeEnv({ CITELENS_JUDGE_URL: 'http://x/v1', CITELENS_JUDGE_MODEL: 'j', CITELENS_JUDGE_TIMEOUT_MS: '5' })).toThrow(/between 1000/);
  });
});

describe('GET /api/answers/:id with the judge', () => {
  it("serves the answer with the judge's verdicts, and the answer as stored when the judge fails", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { createApp } = await import('../app.ts');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'citelens-judge-'));
    mkdirSync(path.join(dir, 'answers'));
    mkdirSync(path.join(dir, 'documents'));
    writeFileSync(path.join(dir, 'answers', 'a.json'), JSON.stringify(answer('The plant employs 300 people.', 'The plant in Ohio closed in 2019.')));
    reply = () => ({ body: verdict('not_enough_info', 'No head count.') });
    const app = createApp({ dataDir: dir, warn: () => undefined, judge: createJudge(config) });
    const served = (await (await app.request('/api/answers/a')).json()) as Answer;
    expect(served.sources[0]!.support).toEqual({ verdict: 'unsupported', checkedBy: 'judge-test', reason: 'No head count.' });
    const broken = createApp({ dataDir: dir, warn: () => undefined, judge: { model: 'x', apply: () => Promise.reject(new Error('boom')) } });
    const plain = (await (await broken.request('/api/answers/a')).json()) as Answer;
    expect(plain.sources[0]!.support).toBeUndefined();
  });
});

// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveClaimDecision, encodeReviewer } from './review-client.ts';

const record = { decision: 'verified', note: 'ok', version: 3, updatedAt: '2026-11-30T17:00:00.000Z', reviewer: 'Jürgen' };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const reply = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

const save = () => saveClaimDecision({ answerId: 'a b', claimId: 'c-1-0', decision: 'verified', note: 'ok', baseVersion: 2, reviewer: 'Jürgen' });

describe('saveClaimDecision', () => {
  it('PUTs the decision with If-Match and the reviewer, and returns the stored record', async () => {
    reply(200, record);
    expect(await save()).toEqual({ kind: 'saved', record });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://localhost/api/answers/a%20b/review/claims/c-1-0');
    expect(init.method).toBe('PUT');
    expect(init.headers['If-Match']).toBe('"2"');
    expect(init.headers['X-Citelens-Reviewer']).toBe('J%C3%BCrgen');
    expect(JSON.parse(init.body)).toEqual({ decision: 'verified', note: 'ok' });
  });

  it("tells a conflict (with the server's record), an answer the server lacks, and an unreachable server apart", async () => {
    reply(409, { error: { code: 'conflict', message: 'stale' }, current: { ...record, decision: 'rejected', version: 4 } });
    expect(await save()).toEqual({ kind: 'conflict', current: { ...record, decision: 'rejected', version: 4 } });
    reply(404, { error: { message: 'no such answer' } });
    expect(await save()).toEqual({ kind: 'not-held' });
    reply(503, 'Service Unavailable');
    expect((await save()).kind).toBe('unreachable');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await save()).toEqual({ kind: 'unreachable', message: 'Could not reach the server (Failed to fetch).' });
  });

  it("sends the decision's id as Idempotency-Key, so a retry of a save whose reply was lost is recognised", async () => {
    reply(200, record);
    await saveClaimDecision({ answerId: 'a', claimId: 'c-1-0', decision: 'verified', note: '', baseVersion: 0, reviewer: '', saveId: 'f00d' });
    expect(fetchMock.mock.calls[0]![1].headers['Idempotency-Key']).toBe('f00d');
  });

  it("a 503 of the server's storage and a 429 are worth retrying, after Retry-After, saying what the server said", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'storage_unavailable', message: 'Decisions cannot be stored right now: the disk is full.' } }), {
        status: 503,
        headers: { 'Retry-After': '10' },
      }),
    );
    expect(await save()).toEqual({
      kind: 'unreachable',
      message: 'The server could not save (HTTP 503). Decisions cannot be stored right now: the disk is full.',
      retryAfterMs: 10_000,
      problem: 'storage',
    });
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many saves.' } }), { status: 429, headers: { 'Retry-After': '7' } }),
    );
    expect(await save()).toMatchObject({ kind: 'unreachable', retryAfterMs: 7000, problem: 'rate-limited' });
  });

  it('refuses for good what retrying cannot fix, with the reason', async () => {
    reply(400, { error: { message: 'Invalid decision: note: at most 10000 characters.' } });
    const bad = await save();
    expect(bad.kind).toBe('refused');
    expect(bad.kind === 'refused' && bad.error.message).toContain('at most 10000 characters');
    reply(200, { decision: 'maybe' });
    const shape = await save();
    expect(shape.kind === 'refused' && shape.error.kind).toBe('invalid-shape');
  });

  it('lets a cancelled save throw, so the outbox does not count it as a failure', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(
      saveClaimDecision({ answerId: 'a', claimId: 'c-1-0', decision: null, note: '', baseVersion: 0, reviewer: '', signal: controller.signal }),
    ).rejects.toThrow('aborted');
  });

  it('percent-encodes names that a header cannot carry, and leaves plain ones alone', () => {
    expect(encodeReviewer(' Ana ')).toBe('Ana');
    expect(encodeReviewer('مریم')).toBe('%D9%85%D8%B1%DB%8C%D9%85');
  });
});

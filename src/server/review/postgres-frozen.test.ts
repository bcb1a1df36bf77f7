// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReviewableAnswer } from '../../testing/reviewable-answer.ts';
import { createApp } from '../app.ts';
import { openReviewRepository, reviewStoreFromEnv } from './open-database.ts';
import type { ReviewRepository } from './repository.ts';
import { findPostgresBin, POSTGRES_MISSING, startTestPostgres, type TestPostgres } from './test-postgres.ts';

// Issue 34, break 7: a PostgreSQL frozen with SIGSTOP held saves for over 40 s with no timeout, and committed them
// when it resumed although the client had seen a failure. Now the save answers 503 within the timeouts
// (CITELENS_DB_TIMEOUT_MS), and when the client sends it again with its idempotency key (its outbox does) it is
// recognised: one decision, one event, whether or not the first attempt was committed after all.

const pgBin = findPostgresBin();
const skip = pgBin === null && !process.env.CI;
if (skip) process.stderr.write(`\nSKIPPING the frozen PostgreSQL test: ${POSTGRES_MISSING}\n\n`);

describe.skipIf(skip)('a frozen PostgreSQL', () => {
  let cluster: TestPostgres | undefined;
  let repo: ReviewRepository | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citelens-frozen-'));
  const log: string[] = [];
  beforeAll(async () => {
    if (pgBin === null) throw new Error(`CI is set, so the PostgreSQL tests must run, but: ${POSTGRES_MISSING}`);
    cluster = await startTestPostgres(pgBin);
    const config = reviewStoreFromEnv({ CITELENS_DATABASE_URL: cluster.url, CITELENS_DB_TIMEOUT_MS: '1000' }, '/');
    repo = await openReviewRepository(config, { log: (line) => log.push(line) });
  }, 60_000);
  afterAll(async () => {
    for (const pid of cluster?.pids() ?? []) process.kill(pid, 'SIGCONT');
    await repo?.close();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a save answers 503 in time, and its retry is recognised as the same save', async () => {
    const [claim] = writeReviewableAnswer(dataDir, 'frozen') as [string];
    const app = createApp({ dataDir, review: repo!, ask: false });
    const put = () =>
      app.request(`/api/answers/frozen/review/claims/${claim}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'If-Match': '"0"', 'Idempotency-Key': 'outbox-entry-7:1' },
        body: JSON.stringify({ decision: 'rejected', note: 'sent while the database was frozen' }),
      });
    expect((await app.request('/api/answers/frozen/review')).status).toBe(200);

    const pids = cluster!.pids();
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    let failed: Response;
    try {
      failed = await put();
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    }
    expect(failed.status).toBe(503);
    const body = (await failed.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('storage_unavailable');
    expect(body.error.message).toMatch(/the database did not answer in time or the connection dropped/);
    expect(log.join('')).toMatch(
      /review decisions cannot be saved: PostgreSQL postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres: the database did not answer in time/,
    );

    // The outbox sends it again, with the same key: whatever the resumed server did with the first attempt, the
    // retry lands once.
    const retried = await put();
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ decision: 'rejected', version: 1 });
    const events = await repo!.history('frozen', claim);
    expect(events).toHaveLength(1);
  }, 60_000);
});

import { sql, type Kysely, type Migrator } from 'kysely';

// GET /readyz (issue 39): may this server take traffic? The database answers a query, and every migration this
// code knows has been applied (during a rolling upgrade a newer server migrates at start; an older one is ready on a
// newer schema, since migrations only add). A load balancer takes a server that is not ready out of rotation.

export type Readiness = { ready: true } | { ready: false; reason: string };

/** How long the probe waits for the database: a frozen one must not hold the health check open. */
const PROBE_TIMEOUT_MS = 2000;

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness<DB>(db: Kysely<DB>, migrator: Pick<Migrator, 'getMigrations'>, timeoutMs = PROBE_TIMEOUT_MS): Promise<Readiness> {
  try {
    await withTimeout(sql`select 1`.execute(db), timeoutMs, 'the database');
  } catch (e) {
    return { ready: false, reason: `the database is unreachable: ${(e as Error).message}` };
  }
  try {
    const migrations = await withTimeout(migrator.getMigrations(), timeoutMs, 'the database');
    const pending = migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
    if (pending.length > 0) return { ready: false, reason: `migrations not applied: ${pending.join(', ')}` };
  } catch (e) {
    return { ready: false, reason: `the migrations cannot be read: ${(e as Error).message}` };
  }
  return { ready: true };
}

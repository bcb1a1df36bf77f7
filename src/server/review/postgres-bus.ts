import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { z } from 'zod';
import { claimRecordSchema } from '../../api/review-schema.ts';
import { LocalWatchers, type ReviewBus, type ReviewChange } from './review-bus.ts';
import type { ClaimRecord } from './repository.ts';

// The review bus across servers: every server LISTENs on one PostgreSQL channel and a save is NOTIFYed on it, so
// each server tells its own watchers, its own saves included (one path for all). A NOTIFY payload is at most 8000
// bytes and a note may be 10,000 characters: a record that does not fit travels as its key alone, and each server
// reads it back. When the LISTEN connection drops (the database restarted), it is opened again, and every watcher
// is told to read the review again, since NOTIFYs sent meanwhile were lost.

export const REVIEW_CHANNEL = 'citelens_review';
/** Bytes of JSON a payload may take (PostgreSQL's limit is 8000, less some room). */
const MAX_PAYLOAD = 7000;

// A record travels as the review API sends it (one schema: src/api/review-schema.ts).
const payloadSchema = z.object({ answerId: z.string(), claimId: z.string(), record: claimRecordSchema.optional() });

export interface PostgresBusOptions {
  url: string;
  /** Reads a record whose payload was too large to travel with its NOTIFY. */
  readRecord(answerId: string, claimId: string): Promise<ClaimRecord | undefined>;
  warn?(message: string): void;
}

export async function openPostgresBus(options: PostgresBusOptions): Promise<ReviewBus> {
  const warn = options.warn ?? ((m: string) => process.stderr.write(`citelens: warning: ${m}\n`));
  const watchers = new LocalWatchers();
  let client: pg.Client | null = null;
  let closed = false;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== REVIEW_CHANNEL || !msg.payload) return;
    let parsed: z.infer<typeof payloadSchema>;
    try {
      parsed = payloadSchema.parse(JSON.parse(msg.payload));
    } catch {
      return; // not ours: something else on the channel
    }
    const { answerId, claimId, record } = parsed;
    if (record) {
      watchers.deliver(answerId, { kind: 'change', change: { answerId, claimId, record } });
      return;
    }
    options.readRecord(answerId, claimId).then(
      (read) => read && watchers.deliver(answerId, { kind: 'change', change: { answerId, claimId, record: read } }),
      () => watchers.deliver(answerId, { kind: 'resync' }),
    );
  };

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5000 });
    next.on('notification', onNotification);
    next.on('error', (e) => {
      if (closed || client !== next) return;
      warn(`review events: the LISTEN connection was lost (${e.message}); reconnecting`);
      client = null;
      void next.end().catch(() => undefined);
      void reconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${REVIEW_CHANNEL}`);
    return next;
  }

  async function reconnect(): Promise<void> {
    for (let delay = 250; !closed; delay = Math.min(delay * 2, 10_000)) {
      await sleep(delay);
      if (closed) return;
      try {
        const next = await connect();
        if (closed) {
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
        // Whatever was NOTIFYed while we were away is lost: every watcher reads the review again.
        watchers.deliverAll({ kind: 'resync' });
        return;
      } catch (e) {
        warn(`review events: cannot LISTEN yet (${(e as Error).message})`);
      }
    }
  }

  client = await connect();

  return {
    async publish(change: ReviewChange) {
      if (closed) return;
      let payload = JSON.stringify(change);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ answerId: change.answerId, claimId: change.claimId });
      try {
        if (!client) throw new Error('not connected');
        await client.query('SELECT pg_notify($1, $2)', [REVIEW_CHANNEL, payload]);
      } catch (e) {
        // Other servers will not hear it (their watchers catch up when they reconnect); ours still do.
        warn(`review events: NOTIFY failed (${(e as Error).message})`);
        watchers.deliver(change.answerId, { kind: 'change', change });
      }
    },
    watch: (watcher) => watchers.add(watcher),
    async close() {
      closed = true;
      watchers.closeAll();
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

import { sql, type Kysely } from 'kysely';
import { inTransaction } from '../review/repository.ts';
import type { ReviewDatabase } from '../review/schema.ts';
import type { SqlDialect } from '../review/migrations.ts';
import {
  DEFAULT_SESSION_TTL_SECONDS,
  EMBED_SESSION_DEFAULTS,
  newSessionToken,
  tokenDigest,
  type EmbedSessionLimits,
  type EmbedSessionStore,
} from './sessions.ts';

// Embed sessions in the review database (migration 0004): a token minted by one replica is honoured by every other,
// and a restart keeps it until it expires. Only the token's SHA-256 is stored. The limits of issue 34 (break 8) hold
// across replicas, since they are counted in the one database: a link's new session replaces that link's own oldest
// past `perLink`; past `perOrigin` (one portal) or `max` (the server), the exchange is refused. An exchange runs in
// one transaction that every other exchange waits for (SQLite's write lock; on PostgreSQL a transaction-scoped
// advisory lock), so two replicas exchanging at once cannot both take the last place under a cap.

export interface DatabaseEmbedSessionsOptions extends EmbedSessionLimits {
  dialect: SqlDialect;
  /** SQLite: retries a write while another process holds the write lock (open-database.ts). */
  retryBusy?: <T>(attempt: () => Promise<T>) => Promise<T>;
}

/** The advisory lock's key on PostgreSQL: any constant no other code of ours uses ("embed", issue 39). */
const EXCHANGE_LOCK = 39_0004;

export function createDatabaseEmbedSessions(db: Kysely<ReviewDatabase>, o: DatabaseEmbedSessionsOptions): EmbedSessionStore {
  const ttlMs = (o.ttlSeconds ?? DEFAULT_SESSION_TTL_SECONDS) * 1000;
  const now = o.now ?? Date.now;
  const perLink = o.perLink ?? EMBED_SESSION_DEFAULTS.perLink;
  const perOrigin = o.perOrigin ?? EMBED_SESSION_DEFAULTS.perOrigin;
  const max = o.max ?? EMBED_SESSION_DEFAULTS.max;
  const retryBusy = o.retryBusy ?? (<T>(attempt: () => Promise<T>) => attempt());
  const begin = o.dialect === 'sqlite' ? 'begin immediate' : 'begin';

  const count = async (q: Kysely<ReviewDatabase>, column?: 'link' | 'origin', value?: string): Promise<number> => {
    let query = q.selectFrom('embed_sessions').select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (column !== undefined && value !== undefined) query = query.where(column, '=', value);
    return Number((await query.executeTakeFirst())?.n ?? 0);
  };

  return {
    async create(grant, link) {
      const token = newSessionToken();
      const at = now();
      const expiresAt = at + ttlMs;
      return retryBusy(() =>
        inTransaction(db, begin, async (trx) => {
          if (o.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${EXCHANGE_LOCK})`.execute(trx);
          await trx.deleteFrom('embed_sessions').where('expires_at', '<=', at).execute();
          // The link's own oldest sessions make room; nobody else's ever does.
          const over = (await count(trx, 'link', link)) - perLink + 1;
          if (over > 0) {
            const oldest = await trx.selectFrom('embed_sessions').select('seq').where('link', '=', link).orderBy('seq').limit(over).execute();
            await trx
              .deleteFrom('embed_sessions')
              .where(
                'seq',
                'in',
                oldest.map((r) => r.seq),
              )
              .execute();
          }
          if ((await count(trx, 'origin', grant.origin)) >= perOrigin) return { kind: 'refused', why: 'origin' } as const;
          if ((await count(trx)) >= max) return { kind: 'refused', why: 'server' } as const;
          await trx
            .insertInto('embed_sessions')
            .values({
              token_digest: tokenDigest(token),
              link,
              answer: grant.answer,
              origin: grant.origin,
              documents: JSON.stringify([...grant.documents]),
              expires_at: expiresAt,
            })
            .execute();
          return { kind: 'created', token, expiresAt } as const;
        }),
      );
    },

    async find(token) {
      const row = await db
        .selectFrom('embed_sessions')
        .select(['answer', 'origin', 'documents', 'expires_at'])
        .where('token_digest', '=', tokenDigest(token))
        .executeTakeFirst();
      // An expired row stays until the next exchange prunes it: a read never writes.
      if (!row || now() >= Number(row.expires_at)) return undefined;
      const documents = JSON.parse(row.documents) as unknown;
      return {
        answer: row.answer,
        origin: row.origin,
        documents: new Set(Array.isArray(documents) ? documents.filter((d): d is string => typeof d === 'string') : []),
      };
    },
  };
}

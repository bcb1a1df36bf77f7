import type { SaveProblem } from '../../api/review-client.ts';
import type { ClaimRecord, ReviewDecision } from '../../api/review-schema.ts';
import type { ServerReview } from '../../api/review-queries.ts';
import type { FlagCode, ReviewFlag, Severity } from '../../core/review/types.ts';
import { entryKey, type LocalRecord, type OutboxEntry } from './outbox/outbox-types.ts';
import type { PanelClaim } from './review-types.ts';

// What each claim's decision IS right now, from three places: the server's records (React Query), the outbox
// (decisions not yet stored by the server) and local-only records (answers the server does not hold). The newest
// word wins: an outbox entry over the server record, because it is what the reviewer decided last.

export type SyncStatus =
  | { kind: 'none' }
  | { kind: 'saved' }
  | { kind: 'saving' }
  /** Stored in this browser, waiting for the server (unreachable): "saved locally — syncing". */
  /** `problem`: the server said why it cannot take it now (its storage, or too many saves), not merely unreachable. */
  | { kind: 'queued'; attempts: number; nextAttemptAt: number; lastError?: string; problem?: SaveProblem }
  | { kind: 'conflict'; theirs: ClaimRecord; entryKey: string }
  | { kind: 'failed'; message: string; entryKey: string }
  /** The server does not hold this answer: kept in this browser only. */
  | { kind: 'local' };

export interface ClaimDecision {
  decision: ReviewDecision | null;
  note: string;
  /** The server version this decision stands on (the If-Match of the next save). */
  version: number;
  reviewer?: string;
  updatedAt?: string;
  sync: SyncStatus;
}

export const UNDECIDED: ClaimDecision = { decision: null, note: '', version: 0, sync: { kind: 'none' } };

export interface DecisionSources {
  answerId: string;
  server: ServerReview | undefined;
  entries: readonly OutboxEntry[];
  sending: ReadonlySet<string>;
  local: readonly LocalRecord[];
}

export function mergeDecisions({ answerId, server, entries, sending, local }: DecisionSources): Map<string, ClaimDecision> {
  const out = new Map<string, ClaimDecision>();
  if (server?.kind === 'held') {
    for (const [claimId, r] of Object.entries(server.claims)) {
      out.set(claimId, {
        decision: r.decision,
        note: r.note,
        version: r.version,
        reviewer: r.reviewer,
        updatedAt: r.updatedAt,
        sync: r.version > 0 ? { kind: 'saved' } : { kind: 'none' },
      });
    }
  }
  for (const r of local) {
    if (r.answerId !== answerId) continue;
    out.set(r.claimId, { decision: r.decision, note: r.note, version: r.version, reviewer: r.reviewer, updatedAt: r.updatedAt, sync: { kind: 'local' } });
  }
  for (const e of entries) {
    if (e.answerId !== answerId) continue;
    const key = entryKey(e.answerId, e.claimId);
    let sync: SyncStatus;
    switch (e.state.kind) {
      case 'pending':
        sync =
          sending.has(key) && e.state.attempts === 0
            ? { kind: 'saving' }
            : {
                kind: 'queued',
                attempts: e.state.attempts,
                nextAttemptAt: e.state.nextAttemptAt,
                ...(e.state.lastError !== undefined && { lastError: e.state.lastError }),
                ...(e.state.problem !== undefined && { problem: e.state.problem }),
              };
        break;
      case 'conflict':
        sync = { kind: 'conflict', theirs: e.state.theirs, entryKey: key };
        break;
      case 'failed':
        sync = { kind: 'failed', message: e.state.message, entryKey: key };
        break;
      default: {
        const never: never = e.state;
        return never;
      }
    }
    out.set(e.claimId, {
      decision: e.decision,
      note: e.note,
      version: e.baseVersion,
      reviewer: e.reviewer,
      updatedAt: new Date(e.decidedAt).toISOString(),
      sync,
    });
  }
  return out;
}

export interface ReviewProgress {
  total: number;
  reviewed: number;
  verified: number;
  rejected: number;
  followUp: number;
  /** Decisions not yet stored by the server (queued, saving, conflicts, refused). */
  unsynced: number;
  conflicts: number;
}

export function reviewProgress(claimIds: readonly string[], decisions: ReadonlyMap<string, ClaimDecision>): ReviewProgress {
  const p: ReviewProgress = { total: claimIds.length, reviewed: 0, verified: 0, rejected: 0, followUp: 0, unsynced: 0, conflicts: 0 };
  for (const id of claimIds) {
    const d = decisions.get(id);
    if (!d) continue;
    if (d.decision) p.reviewed++;
    if (d.decision === 'verified') p.verified++;
    if (d.decision === 'rejected') p.rejected++;
    if (d.decision === 'follow-up') p.followUp++;
    if (d.sync.kind === 'saving' || d.sync.kind === 'queued' || d.sync.kind === 'failed' || d.sync.kind === 'conflict') p.unsynced++;
    if (d.sync.kind === 'conflict') p.conflicts++;
  }
  return p;
}

/** "12 of 18 reviewed, 3 rejected". */
export function progressText(p: ReviewProgress): string {
  const parts = [`${p.reviewed} of ${p.total} reviewed`];
  if (p.rejected > 0) parts.push(`${p.rejected} rejected`);
  if (p.followUp > 0) parts.push(`${p.followUp} to follow up`);
  return parts.join(', ');
}

// ---- the filter ---------------------------------------------------------------------------------------------

export type ClaimFilter =
  | { kind: 'all' }
  | { kind: 'undecided' }
  | { kind: 'decision'; decision: ReviewDecision }
  | { kind: 'flagged' }
  | { kind: 'severity'; severity: Severity }
  | { kind: 'flag'; code: FlagCode };

export function matchesFilter(filter: ClaimFilter, flags: readonly ReviewFlag[], decision: ClaimDecision | undefined): boolean {
  switch (filter.kind) {
    case 'all':
      return true;
    case 'undecided':
      return !decision?.decision;
    case 'decision':
      return decision?.decision === filter.decision;
    case 'flagged':
      return flags.length > 0;
    case 'severity':
      return flags.some((f) => f.severity === filter.severity);
    case 'flag':
      return flags.some((f) => f.code === filter.code);
    default: {
      const never: never = filter;
      return never;
    }
  }
}

/** The filter as a <select> value and back ("decision:rejected", "flag:wrong-page"). */
export function filterValue(f: ClaimFilter): string {
  switch (f.kind) {
    case 'all':
    case 'undecided':
    case 'flagged':
      return f.kind;
    case 'decision':
      return `decision:${f.decision}`;
    case 'severity':
      return `severity:${f.severity}`;
    case 'flag':
      return `flag:${f.code}`;
    default: {
      const never: never = f;
      return never;
    }
  }
}

export function parseFilterValue(value: string): ClaimFilter {
  const [kind, arg] = value.split(':', 2);
  if (kind === 'undecided' || kind === 'flagged') return { kind };
  if (kind === 'decision' && (arg === 'verified' || arg === 'rejected' || arg === 'follow-up')) return { kind, decision: arg };
  if (kind === 'severity' && (arg === 'error' || arg === 'warning' || arg === 'info')) return { kind, severity: arg };
  if (kind === 'flag' && arg) return { kind, code: arg as FlagCode };
  return { kind: 'all' };
}

/**
 * A claim "verify passed" may decide on its own: nobody decided it, it has no flag, it cites something, and every one
 * of its citations passed all its checks (the verdict's tone is "ok": core/review/citation-verdict.ts). A citation
 * still being checked has not passed.
 */
export function passedAllChecks(claim: Pick<PanelClaim, 'flags' | 'citations'>, decision: ClaimDecision | undefined): boolean {
  if (decision?.decision) return false;
  return claim.flags.length === 0 && claim.citations.length > 0 && claim.citations.every((c) => c.badge.tone === 'ok');
}

/** Two notes as one, neither dropped: the colleague's first (it was saved first), then ours; one when they agree. */
export function mergeNotes(theirs: string, mine: string): string {
  const a = theirs.trim();
  const b = mine.trim();
  if (!a) return mine;
  if (!b || a === b || a.includes(b)) return theirs;
  if (b.includes(a)) return mine;
  return `${theirs.trimEnd()}\n\n${mine.trimStart()}`;
}

// One status per citation: the worst of all its checks. Pure.
//
// A citation is checked several ways: its quote is located (CitationStatus), its boxes are read (do they hold the
// quote?), its page compared, its document's version and access, and its claim's support. Each check used to speak
// for itself on its own screen: the marker's dot said "found word for word" (the locator's verdict) while the review
// panel said the source's boxes sat on another paragraph. A reader of the answer, or of an embed with no review panel,
// saw green over a wrong highlight. So every place that shows a citation (marker, reference, preview, claim card,
// viewer, embed messages, audit) shows this verdict: the locator's status, made worse by any check that failed.
import type { CitationStatus, ClaimReview, FlagCode, ReviewFlag, Severity } from './types.ts';

/** How a citation looks at a glance, best to worst: ok, pending, muted (nothing to check), approx, warn, bad. */
export type VerdictTone = 'ok' | 'pending' | 'muted' | 'approx' | 'warn' | 'bad';

export const TONE_RANK: Readonly<Record<VerdictTone, number>> = { ok: 0, pending: 1, muted: 2, approx: 3, warn: 4, bad: 5 };

export interface CitationVerdict {
  /** What the locator found (the status's own words are still the first thing to say). */
  status: CitationStatus;
  tone: VerdictTone;
  /** The check that made the tone worse than the status's own, when one did: its reason is what to say next. */
  worst?: ReviewFlag;
  /** The source's own boxes do not hold its quote (whether or not that decided the tone). */
  boxesMiss: boolean;
}

/** The tone of a locator status alone. */
export function statusTone(status: CitationStatus): VerdictTone {
  switch (status.kind) {
    case 'pending':
      return 'pending';
    case 'located':
      return 'ok';
    case 'approximate':
      return 'approx';
    case 'wrong-page':
      return 'warn';
    case 'differs':
    case 'not-located':
    case 'unavailable':
    case 'failed':
      return 'bad';
    case 'no-text-layer':
    case 'page-level':
    case 'document-level':
    case 'unchecked':
      return 'muted';
    default: {
      const never: never = status;
      return never;
    }
  }
}

/**
 * Which flags are checks of the citation's evidence, and so can darken its verdict. Those about retrieval or the
 * answer as a whole (relevance, confidence, an uncited sentence, a marker pointing nowhere) and the note that a
 * source names no page are the claim's or the answer's, shown there, not on each citation. A flag code added later
 * must be placed here (the Record makes the compiler ask).
 */
const DARKENS: Readonly<Record<FlagCode, boolean>> = {
  uncited: false,
  'invalid-marker': false,
  'weak-relevance': false,
  'low-confidence': false,
  'document-level-only': false,
  'quote-not-found': true,
  'quote-altered': true,
  'wrong-page': true,
  'highlight-misses-evidence': true,
  unsupported: true,
  contradicted: true,
  // an info-level note (the rules cannot tell): it never darkens, but it is the citation's own check
  'needs-look': true,
  'version-mismatch': true,
  'evidence-unavailable': true,
};

const SEVERITY_TONE: Readonly<Record<Severity, VerdictTone | null>> = { error: 'bad', warning: 'warn', info: null };

/** The verdict of one citation: its status, made worse by any of `flags` (evidence checks) that is worse. */
export function citationVerdict(status: CitationStatus, flags: readonly ReviewFlag[]): CitationVerdict {
  let tone = statusTone(status);
  let worst: ReviewFlag | undefined;
  for (const flag of flags) {
    if (!DARKENS[flag.code]) continue;
    const t = SEVERITY_TONE[flag.severity];
    if (t && TONE_RANK[t] > TONE_RANK[tone]) {
      tone = t;
      worst = flag;
    }
  }
  const boxesMiss = flags.some((f) => f.code === 'highlight-misses-evidence');
  return worst ? { status, tone, worst, boxesMiss } : { status, tone, boxesMiss };
}

/** What the rules found about each source, as `reviewSources` and `reviewAnswer` give it. */
export interface SourceFindings {
  sources: Readonly<Record<string, CitationStatus>>;
  sourceFlags?: Readonly<Record<string, readonly ReviewFlag[]>>;
  flagsBySource?: Readonly<Record<string, readonly ReviewFlag[]>>;
}

/**
 * Every source's verdict: its status, its own flags, and (when the claims were reviewed) the flags of every citation
 * of it, support included. A source cited by two claims, one of which it contradicts, is shown as contradicting:
 * one marker's dot never says green while another check of the same source says it is wrong.
 */
export function sourceVerdicts(findings: SourceFindings, claims: readonly ClaimReview[] = []): Record<string, CitationVerdict> {
  const bySource = findings.sourceFlags ?? findings.flagsBySource ?? {};
  const flags = new Map<string, ReviewFlag[]>();
  for (const [id, list] of Object.entries(bySource)) flags.set(id, [...list]);
  for (const claim of claims) {
    for (const c of claim.citations) {
      const list = flags.get(c.sourceId) ?? [];
      list.push(...c.flags);
      flags.set(c.sourceId, list);
    }
  }
  const out: Record<string, CitationVerdict> = {};
  for (const [id, status] of Object.entries(findings.sources)) out[id] = citationVerdict(status, flags.get(id) ?? []);
  return out;
}

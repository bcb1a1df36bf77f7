// reviewAnswer: every review rule over one answer, pure and synchronous. See types.ts for the flow; the async part
// (locating quotes, reading boxes) is check-source.ts, whose results come in through `checks`. Run it again whenever
// a check arrives: it is cheap (no PDF work here).
import type { AnswerModel } from '../model/answer-model.ts';
import type { Answer, DocumentRef, Source } from '../model/types.ts';
import { invalidMarkerFlag, supportFlags, uncitedFlag, type CitedSource } from './claim-rules.ts';
import type { FlagMessage } from './review-message.ts';
import { summarizeReviewReport } from './review-report.ts';
import { reviewText } from './review-text.ts';
import { sourceFlags, sourceStatus } from './source-rules.ts';
import {
  resolveConfig,
  type CitationReview,
  type CitationStatus,
  type ClaimReview,
  type ReviewChecks,
  type ReviewConfig,
  type ReviewFlag,
  type ReviewResult,
  type Severity,
} from './types.ts';

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Flags sorted worst first, keeping their order within a severity. */
export function bySeverity(flags: readonly ReviewFlag[]): ReviewFlag[] {
  return flags
    .map((f, i) => ({ f, i }))
    .sort((a, b) => RANK[a.f.severity] - RANK[b.f.severity] || a.i - b.i)
    .map(({ f }) => f);
}

function lowConfidence(answer: Answer, config: ReviewConfig): ReviewFlag | null {
  const c = answer?.confidence;
  if (typeof c !== 'number' || !Number.isFinite(c) || c >= config.confidenceThreshold) return null;
  const message: FlagMessage = { kind: 'low-confidence', score: c, threshold: config.confidenceThreshold };
  return {
    code: 'low-confidence',
    severity: 'warning',
    reason: reviewText(message),
    message,
    evidence: {},
    details: { score: c, threshold: config.confidenceThreshold },
  };
}

/** A source-level flag seen from one citation: the same finding, pointing at this claim and marker too. */
function inClaim(flag: ReviewFlag, claimId: string, key: string, answerStart: number, answerEnd: number): ReviewFlag {
  return { ...flag, evidence: { ...flag.evidence, claimId, key, answerStart, answerEnd } };
}

/** The documents by id (the first of each id), from an answer of any shape. */
function documentsOf(answer: Answer): Map<string, DocumentRef> {
  const documents = new Map<string, DocumentRef>();
  for (const d of Array.isArray(answer?.documents) ? answer.documents : []) {
    if (d && typeof d.id === 'string' && !documents.has(d.id)) documents.set(d.id, d);
  }
  return documents;
}

export interface SourceReview {
  sources: Record<string, CitationStatus>;
  flagsBySource: Record<string, ReviewFlag[]>;
}

/**
 * The source rules alone: each source's status and flags. What the answer pane's marker badges need; cheap (one
 * pass over the sources), where the claim rules of `reviewAnswer` cost seconds for a 10,000-claim answer.
 */
export function reviewSources(
  answer: Answer,
  model: AnswerModel,
  checks: ReviewChecks = {},
  config: Partial<ReviewConfig> = {},
  storeOrigins: readonly string[] = [],
): SourceReview {
  const cfg = resolveConfig(config);
  const documents = documentsOf(answer);
  const sources: Record<string, CitationStatus> = {};
  const flagsBySource: Record<string, ReviewFlag[]> = {};
  const seen = new Set<string>();
  for (const source of model.sources) {
    if (seen.has(source.id)) continue;
    seen.add(source.id);
    const ctx = {
      source,
      document: documents.get(source.documentId),
      documentCheck: checks.documents?.[source.documentId],
      sourceCheck: checks.sources?.[source.id],
      config: cfg,
      storeOrigins,
    };
    sources[source.id] = sourceStatus(ctx);
    flagsBySource[source.id] = sourceFlags(ctx);
  }
  return { sources, flagsBySource };
}

/**
 * Review one answer. `model` is `buildAnswerModel(answer)`; `checks` whatever the async side has found so far
 * (missing entries are pending); `config` overrides the default thresholds. Never throws on malformed answers.
 */
export function reviewAnswer(
  answer: Answer,
  model: AnswerModel,
  checks: ReviewChecks = {},
  config: Partial<ReviewConfig> = {},
  storeOrigins: readonly string[] = [],
): ReviewResult {
  const cfg = resolveConfig(config);
  const documents = documentsOf(answer);
  const text = typeof answer?.text === 'string' ? answer.text : '';
  const { sources, flagsBySource } = reviewSources(answer, model, checks, config, storeOrigins);
  const byId = new Map<string, Source>();
  for (const source of model.sources) if (!byId.has(source.id)) byId.set(source.id, source);

  const answerFlags: ReviewFlag[] = [];
  const confidence = lowConfidence(answer, cfg);
  if (confidence) answerFlags.push(confidence);
  const sourceCount = model.sources.length;
  const invalidIn = new Map<string, ReviewFlag[]>();
  for (const marker of model.invalidMarkers) {
    const claim = model.claims.find((c) => marker.start >= c.start && marker.end <= c.end);
    if (!claim) {
      answerFlags.push(invalidMarkerFlag(marker, sourceCount));
      continue;
    }
    invalidIn.set(claim.id, [...(invalidIn.get(claim.id) ?? []), invalidMarkerFlag(marker, sourceCount, claim)]);
  }

  const uncited = new Set(model.uncited.map((c) => c.id));
  const claimOnly: ReviewFlag[] = [];
  const claims: ClaimReview[] = model.claims.map((claim) => {
    const own: ReviewFlag[] = [];
    if (uncited.has(claim.id)) own.push(uncitedFlag(claim));
    own.push(...(invalidIn.get(claim.id) ?? []));

    const cited: CitedSource[] = [];
    for (const citation of claim.citations) {
      const source = byId.get(citation.sourceId);
      if (!source) continue;
      cited.push({ citation, source, document: documents.get(source.documentId), status: sources[source.id]!, check: checks.sources?.[source.id] });
    }
    const support = supportFlags(text, claim, cited, cfg);
    own.push(...support.flags);
    claimOnly.push(...own);

    const flags: ReviewFlag[] = [...own];
    const seenSources = new Set<string>();
    const citations: CitationReview[] = cited.map(({ citation, source, status }) => {
      const { key, answerStart, answerEnd } = citation;
      const fromSource = (flagsBySource[source.id] ?? []).map((f) => inClaim(f, claim.id, key, answerStart, answerEnd));
      if (!seenSources.has(source.id)) {
        seenSources.add(source.id);
        flags.push(...fromSource);
      }
      const mine = support.flags.filter((f) => f.evidence.sourceId === source.id || f.evidence.sourceIds?.includes(source.id));
      const review: CitationReview = {
        key,
        sourceId: source.id,
        documentId: source.documentId,
        answerStart,
        answerEnd,
        status,
        flags: bySeverity([...fromSource, ...mine]),
      };
      const summary = support.summaries.get(citation);
      if (summary) review.support = summary;
      return review;
    });
    return { claimId: claim.id, start: claim.start, end: claim.end, flags: bySeverity(flags), citations };
  });

  const all = bySeverity([...answerFlags, ...claimOnly, ...Object.values(flagsBySource).flat()]);
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of all) counts[f.severity]++;
  return {
    answerFlags: bySeverity(answerFlags),
    claims,
    sources,
    sourceFlags: flagsBySource,
    flags: all,
    counts,
    report: summarizeReviewReport(answer?.reviewReport),
  };
}

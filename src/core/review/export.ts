// The review as data a team can keep: one entry per claim × citation (a claim without citations gets one entry),
// each with the claim, the citation, its document and page, the flags, and the reviewer's decision. Pure: the
// caller gives the review result, the decisions and the time; `export-csv.ts` and `export-markdown.ts` render it,
// and the CLI's `audit` command prints the same entries.
import type { AnswerModel } from '../model/answer-model.ts';
import type { Claim } from '../model/claims.ts';
import type { Answer, Source } from '../model/types.ts';
import { isReviewDecision, type ReviewDecision } from './decisions.ts';
import { bySeverity } from './review-answer.ts';
import { sourceVerdicts, type VerdictTone } from './citation-verdict.ts';
import { claimedPages } from './source-pages.ts';
import type { CitationStatus, CitationStatusKind, FlagCode, ReviewFlag, ReviewReportSummary, ReviewResult, Severity } from './types.ts';

export const REVIEW_EXPORT_FORMAT = 'citelens-review/1';

export type ExportDecisionValue = ReviewDecision;

/** What the reviewer decided about one claim (the review API's record and the panel's merged decision both fit). */
export interface ExportDecision {
  decision: ExportDecisionValue | null;
  note?: string;
  reviewer?: string;
  updatedAt?: string;
}

export interface ExportFlag {
  code: FlagCode;
  severity: Severity;
  reason: string;
}

export interface ExportEntry {
  /** In an export of a conversation: the turn's answer id and its number (1-based); absent for one answer. */
  answerId?: string;
  turn?: number;
  claimId: string;
  /** The claim as a reader sees it (markers removed). */
  claim: string;
  /** Null for a claim that cites nothing. */
  citation: { key: string; sourceId: string } | null;
  document: { id: string; title: string } | null;
  /** The words the source quotes as its evidence, so the report stands on its own; null when it quotes none. */
  quote: string | null;
  /** The page the source cites (its first), else the page the quote was found on; null when neither is known. */
  page: number | null;
  /** Where the quote was actually found, when it was. */
  foundPage: number | null;
  status: CitationStatusKind | null;
  /** The citation's verdict, the worst of all its checks (citation-verdict.ts): what its marker and card show. */
  verdict: VerdictTone | null;
  /** This citation's flags and the claim's own (uncited, invalid marker), worst first. */
  flags: ExportFlag[];
  decision: ExportDecisionValue | null;
  note: string;
  reviewer: string | null;
  decidedAt: string | null;
}

export interface ReviewExport {
  format: typeof REVIEW_EXPORT_FORMAT;
  answerId: string;
  question: string | null;
  exportedAt: string;
  counts: {
    claims: number;
    reviewed: number;
    verified: number;
    rejected: number;
    followUp: number;
    flags: Record<Severity, number>;
  };
  /** Flags about the answer as a whole (low confidence, markers outside any claim). */
  answerFlags: ExportFlag[];
  /** The backend's own review report, when the answer carried one. */
  report: ReviewReportSummary | null;
  entries: ExportEntry[];
}

export interface ExportInput {
  answer: Answer;
  model: AnswerModel;
  result: ReviewResult;
  /** Decisions by claim id; claims without one are undecided. */
  decisions?: ReadonlyMap<string, ExportDecision> | Readonly<Record<string, ExportDecision>>;
  /** ISO time of the export (passed in: the core reads no clock). */
  exportedAt: string;
  /** How a claim reads without markdown; default: its text with the markers cut out, whitespace folded. */
  claimText?: (claim: Claim) => string;
}

/** The claim's text with its marker groups cut out, whitespace folded, no space left before punctuation. */
export function claimWithoutMarkers(answerText: string, claim: Pick<Claim, 'start' | 'end' | 'markers'>): string {
  let out = '';
  let at = claim.start;
  for (const m of claim.markers) {
    if (m.start < at || m.end > claim.end) continue;
    out += answerText.slice(at, m.start);
    at = m.end;
  }
  out += answerText.slice(at, claim.end);
  return out
    .replace(/\s+/gu, ' ')
    .replace(/(?<!\s)\s+([.,;:!?)])/gu, '$1')
    .trim();
}

const toExportFlag = (f: ReviewFlag): ExportFlag => ({ code: f.code, severity: f.severity, reason: f.reason });

/** Where the evidence was found, from the locator's verdict. */
function foundPageOf(status: CitationStatus | undefined): number | null {
  switch (status?.kind) {
    case 'located':
    case 'approximate':
    case 'page-level':
      return status.page;
    case 'wrong-page':
      return status.foundPage;
    case 'differs':
      // where the passage the quote was taken from is, saying something else
      return status.page;
    default:
      return null;
  }
}

function decisionOf(decisions: ExportInput['decisions'], claimId: string): ExportDecision | undefined {
  if (!decisions) return undefined;
  const d = decisions instanceof Map ? decisions.get(claimId) : (decisions as Readonly<Record<string, ExportDecision>>)[claimId];
  return d && typeof d === 'object' ? d : undefined;
}

/** The export of one answer's review. Never throws on a malformed decision: unknown values count as undecided. */
export function buildReviewExport(input: ExportInput): ReviewExport {
  const { answer, model, result } = input;
  const text = typeof answer?.text === 'string' ? answer.text : '';
  const claimText = input.claimText ?? ((c: Claim) => claimWithoutMarkers(text, c));
  const sources = new Map<string, Source>();
  for (const s of model.sources) if (!sources.has(s.id)) sources.set(s.id, s);
  const titles = new Map<string, string>();
  for (const d of Array.isArray(answer?.documents) ? answer.documents : []) {
    if (d && typeof d.id === 'string' && !titles.has(d.id)) titles.set(d.id, typeof d.title === 'string' && d.title.trim() ? d.title : d.id);
  }
  const reviews = new Map(result.claims.map((c) => [c.claimId, c]));
  const verdicts = sourceVerdicts(result, result.claims);

  const entries: ExportEntry[] = [];
  let reviewed = 0;
  const tally = { verified: 0, rejected: 0, followUp: 0 };
  for (const claim of model.claims) {
    const review = reviews.get(claim.id);
    const raw = decisionOf(input.decisions, claim.id);
    const decision = raw && isReviewDecision(raw.decision) ? raw.decision : null;
    if (decision) {
      reviewed++;
      if (decision === 'verified') tally.verified++;
      else if (decision === 'rejected') tally.rejected++;
      else tally.followUp++;
    }
    const decided = {
      decision,
      note: typeof raw?.note === 'string' ? raw.note : '',
      reviewer: typeof raw?.reviewer === 'string' && raw.reviewer ? raw.reviewer : null,
      decidedAt: typeof raw?.updatedAt === 'string' && raw.updatedAt ? raw.updatedAt : null,
    };
    const words = claimText(claim);
    // Flags about the claim itself rather than one of its sources (uncited, a marker naming nothing).
    const own = (review?.flags ?? []).filter((f) => f.evidence.sourceId === undefined && f.evidence.sourceIds === undefined);
    const citations = review?.citations ?? [];
    if (citations.length === 0) {
      entries.push({
        claimId: claim.id,
        claim: words,
        citation: null,
        document: null,
        quote: null,
        page: null,
        foundPage: null,
        status: null,
        verdict: null,
        flags: bySeverity(own).map(toExportFlag),
        ...decided,
      });
      continue;
    }
    for (const c of citations) {
      const source = sources.get(c.sourceId);
      const documentId = c.documentId ?? source?.documentId;
      const foundPage = foundPageOf(c.status);
      const cited = source ? claimedPages(source)[0] : undefined;
      const seen = new Set<ReviewFlag>();
      const flags = bySeverity([...own, ...c.flags].filter((f) => !seen.has(f) && !!seen.add(f)));
      entries.push({
        claimId: claim.id,
        claim: words,
        citation: { key: c.key, sourceId: c.sourceId },
        document: documentId ? { id: documentId, title: titles.get(documentId) ?? documentId } : null,
        quote: typeof source?.quote === 'string' && source.quote.trim() ? source.quote : null,
        page: cited ?? foundPage,
        foundPage,
        status: c.status.kind,
        verdict: verdicts[c.sourceId]?.tone ?? null,
        flags: flags.map(toExportFlag),
        ...decided,
      });
    }
  }

  return {
    format: REVIEW_EXPORT_FORMAT,
    answerId: typeof answer?.id === 'string' ? answer.id : '',
    question: typeof answer?.question === 'string' && answer.question.trim() ? answer.question : null,
    exportedAt: input.exportedAt,
    counts: { claims: model.claims.length, reviewed, ...tally, flags: { ...result.counts } },
    answerFlags: result.answerFlags.map(toExportFlag),
    report: result.report,
    entries,
  };
}

/**
 * The export of a conversation: every turn's entries in turn order, each saying its turn and answer, the counts added
 * up, the answer-wide flags of every turn. The thread's first answer names it.
 */
export function combineReviewExports(turns: readonly { turn: number; export: ReviewExport }[], exportedAt: string): ReviewExport {
  const first = turns[0]?.export;
  if (turns.length === 1 && first) return { ...first, exportedAt };
  const zero = { claims: 0, reviewed: 0, verified: 0, rejected: 0, followUp: 0, flags: { error: 0, warning: 0, info: 0 } };
  const counts = turns.reduce((sum, { export: e }) => {
    const c = e.counts;
    return {
      claims: sum.claims + c.claims,
      reviewed: sum.reviewed + c.reviewed,
      verified: sum.verified + c.verified,
      rejected: sum.rejected + c.rejected,
      followUp: sum.followUp + c.followUp,
      flags: { error: sum.flags.error + c.flags.error, warning: sum.flags.warning + c.flags.warning, info: sum.flags.info + c.flags.info },
    };
  }, zero);
  return {
    format: REVIEW_EXPORT_FORMAT,
    answerId: first?.answerId ?? '',
    question: first?.question ?? null,
    exportedAt,
    counts,
    answerFlags: turns.flatMap(({ export: e }) => e.answerFlags),
    report: first?.report ?? null,
    entries: turns.flatMap(({ turn, export: e }) => e.entries.map((entry) => ({ answerId: e.answerId, turn, ...entry }))),
  };
}

/** The export as pretty JSON, one object, with a final newline. */
export function reviewExportToJson(exp: ReviewExport): string {
  return `${JSON.stringify(exp, null, 2)}\n`;
}

/** A file name for the export: the answer id made safe, plus the extension. */
export function exportFileName(exp: Pick<ReviewExport, 'answerId'>, ext: 'json' | 'csv' | 'md'): string {
  const base =
    exp.answerId
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^[-.]+|-+$/gu, '')
      .slice(0, 80) || 'answer';
  return `${base}-review.${ext}`;
}

// The backend's own review report (a query agent's verifier: groundingStatus, consistencyStatus, completenessStatus,
// retryCount), read safely into a summary the UI can show beside our flags. Each field is parsed on its own: one
// unreadable field is named, the others still count. camelCase and snake_case are both accepted.
import { z } from 'zod';
import type { CompletenessStatus, ConsistencyStatus, GroundingStatus, ReviewReportSummary, Severity } from './types.ts';

const grounding = z.enum(['grounded', 'partially_grounded', 'ungrounded']);
const consistency = z.enum(['consistent', 'conflict_detected']);
const completeness = z.enum(['complete', 'partial', 'insufficient_evidence']);
const retries = z.number().int().min(0).max(1_000_000);

const GROUNDING: Record<GroundingStatus, [Severity, string]> = {
  grounded: ['info', 'The backend’s verifier found every claim grounded in its citations.'],
  partially_grounded: ['warning', 'The backend’s verifier found the answer only partly grounded: some claims lack support.'],
  ungrounded: ['error', 'The backend’s verifier found the answer ungrounded: its claims are not backed by the citations.'],
};
const CONSISTENCY: Record<ConsistencyStatus, [Severity, string]> = {
  consistent: ['info', 'The backend’s verifier found the citations consistent with each other.'],
  conflict_detected: ['error', 'The backend’s verifier found citations that contradict each other about the same fact.'],
};
const COMPLETENESS: Record<CompletenessStatus, [Severity, string]> = {
  complete: ['info', 'The backend’s verifier found the answer complete.'],
  partial: ['warning', 'The backend’s verifier found the answer incomplete: parts of the question are not answered.'],
  insufficient_evidence: ['error', 'The backend’s verifier found too little evidence to answer the question fully.'],
};

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function field(report: Record<string, unknown>, camel: string): { present: boolean; value: unknown } {
  const snake = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  if (camel in report) return { present: true, value: report[camel] };
  if (snake in report) return { present: true, value: report[snake] };
  return { present: false, value: undefined };
}

/** The report as a typed summary; null when the answer has none. Never throws. */
export function summarizeReviewReport(raw: unknown): ReviewReportSummary | null {
  if (raw === undefined || raw === null) return null;
  const summary: ReviewReportSummary = { notes: [], unreadable: [] };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    summary.unreadable.push('reviewReport');
    return summary;
  }
  const report = raw as Record<string, unknown>;
  const read = <T>(name: string, schema: z.ZodType<T>): T | undefined => {
    const f = field(report, name);
    if (!f.present || f.value === undefined || f.value === null) return undefined;
    const parsed = schema.safeParse(f.value);
    if (parsed.success) return parsed.data;
    summary.unreadable.push(name);
    return undefined;
  };

  const g = read('groundingStatus', grounding);
  const c = read('consistencyStatus', consistency);
  const k = read('completenessStatus', completeness);
  const r = read('retryCount', retries);
  const notes: Array<[Severity, string]> = [];
  if (g) {
    summary.groundingStatus = g;
    notes.push(GROUNDING[g]);
  }
  if (c) {
    summary.consistencyStatus = c;
    notes.push(CONSISTENCY[c]);
  }
  if (k) {
    summary.completenessStatus = k;
    notes.push(COMPLETENESS[k]);
  }
  if (r !== undefined) {
    summary.retryCount = r;
    if (r > 0)
      notes.push([r >= 2 ? 'warning' : 'info', `The verifier rejected citations and retried ${r === 1 ? 'once' : `${r} times`} before accepting the answer.`]);
  }
  summary.notes = notes.map(([severity, text]) => ({ severity, text })).sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  return summary;
}

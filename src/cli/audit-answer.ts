// One answer through the review rules in Node, exactly as the app runs them: every cited document is found and
// loaded (audit-documents.ts), each source is checked with core/review's checkSource, and reviewAnswer turns the
// checks into flags. Then the release gate and the numbers the audit summary adds up.
import { buildAnswerModel } from '../core/model/answer-model.ts';
import type { Answer } from '../core/model/types.ts';
import { checkSources } from '../core/review/check-source.ts';
import { checkTextSource } from '../core/review/check-text-source.ts';
import { loadedDocumentCheck, textLayerOf } from '../core/review/document-check.ts';
import { buildReviewExport, claimWithoutMarkers, type ReviewExport } from '../core/review/export.ts';
import { reviewAnswer } from '../core/review/review-answer.ts';
import { claimedPages, searchTextOf } from '../core/review/source-pages.ts';
import type { ReviewChecks, ReviewFlag, ReviewResult } from '../core/review/types.ts';
import type { DocumentStore } from './audit-documents.ts';

/** n of m citations passed a check. */
export interface Ratio {
  n: number;
  m: number;
}

export interface AuditMetrics {
  /** The cited document could be loaded. */
  retrieved: Ratio;
  /** Of the quotes searched in a loaded document: found (exactly or approximately, on any page). */
  quoteFound: Ratio;
  /** Of the quotes found, for sources naming a page: found on that page. */
  pageCorrect: Ratio;
  /** Of the sources with boxes over text: the boxes hold the quote. */
  highlight: Ratio;
  /** Of the citations judged (lexically or by the backend): the evidence supports the claim. */
  supported: Ratio;
}

export const METRIC_NAMES: Record<keyof AuditMetrics, string> = {
  retrieved: 'Cited source retrieved',
  quoteFound: 'Quote found in the document',
  pageCorrect: 'Page correct',
  highlight: 'Highlight contains the evidence',
  supported: 'Evidence supports the claim',
};

export interface AuditDocumentInfo {
  id: string;
  title: string;
  file: string | null;
  access: 'ok' | 'unavailable' | 'failed';
  reason?: string;
  version?: string;
}

export interface AnswerAudit {
  answerId: string;
  format: string;
  pass: boolean;
  /** Why the answer fails the release gate: one line per error flag or unsupported claim. */
  gateFailures: string[];
  metrics: AuditMetrics;
  /** What the adapter had to guess or drop while reading the file. */
  adapterWarnings: string[];
  documents: AuditDocumentInfo[];
  review: ReviewExport;
  result: ReviewResult;
}

export const emptyMetrics = (): AuditMetrics => ({
  retrieved: { n: 0, m: 0 },
  quoteFound: { n: 0, m: 0 },
  pageCorrect: { n: 0, m: 0 },
  highlight: { n: 0, m: 0 },
  supported: { n: 0, m: 0 },
});

export function addMetrics(into: AuditMetrics, more: AuditMetrics): void {
  for (const k of Object.keys(into) as Array<keyof AuditMetrics>) {
    into[k].n += more[k].n;
    into[k].m += more[k].m;
  }
}

/** A flag that stops a release: an error (a contradicted claim among them). "Needs a look" (info) never does. */
export const breaksGate = (f: ReviewFlag) => f.severity === 'error';

const snippet = (s: string, max = 80) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

export async function auditAnswer(answer: Answer, format: string, adapterWarnings: string[], store: DocumentStore, exportedAt: string): Promise<AnswerAudit> {
  const model = buildAnswerModel(answer);
  const checks: Required<ReviewChecks> = { documents: {}, sources: {} };
  const cited = new Set(model.sources.map((s) => s.documentId));
  const documents: AuditDocumentInfo[] = [];
  for (const doc of answer.documents) {
    if (!cited.has(doc.id) || checks.documents[doc.id]) continue;
    const opened = await store.open(doc);
    const info: AuditDocumentInfo = { id: doc.id, title: doc.title, file: opened.file, access: 'ok' };
    if (opened.meta.version) info.version = opened.meta.version;
    if (opened.state === 'unavailable') {
      checks.documents[doc.id] = { documentId: doc.id, access: opened.access };
      info.access = opened.access.state;
      info.reason = opened.access.reason;
    } else if (opened.state === 'text') {
      // A Markdown or text document: quotes are looked up in its visible words, as the viewer highlights them.
      for (const source of model.sources) if (source.documentId === doc.id) checks.sources[source.id] = checkTextSource(opened.text, source);
      checks.documents[doc.id] = { documentId: doc.id, access: { state: 'ok' }, ...(opened.meta.version && { servedVersion: opened.meta.version }) };
    } else {
      const text = { pageCount: opened.pdf.pageCount, getPageText: opened.pdf.getPageText, index: opened.index };
      const sources = model.sources.filter((s) => s.documentId === doc.id);
      Object.assign(checks.sources, await checkSources(text, sources, answer.coords ? { coords: answer.coords } : {}));
      const hasTextLayer = textLayerOf(opened.index, opened.pdf.pageCount);
      checks.documents[doc.id] = loadedDocumentCheck(doc.id, {
        version: opened.meta.version ?? null,
        pageCount: opened.pdf.pageCount,
        ...(hasTextLayer !== undefined ? { hasTextLayer } : {}),
      });
    }
    documents.push(info);
  }

  const result = reviewAnswer(answer, model, checks);
  const metrics = emptyMetrics();
  const sourceById = new Map(model.sources.map((s) => [s.id, s]));
  const gate = new Set<string>();
  for (const f of result.answerFlags) if (breaksGate(f)) gate.add(`the answer: [${f.code}] ${f.reason}`);
  for (const claim of result.claims) {
    const modelClaim = model.claims.find((c) => c.id === claim.claimId);
    const words = modelClaim ? snippet(claimWithoutMarkers(answer.text, modelClaim)) : claim.claimId;
    for (const f of claim.flags) if (breaksGate(f)) gate.add(`“${words}”: [${f.code}] ${f.reason}`);
    for (const c of claim.citations) {
      const source = sourceById.get(c.sourceId);
      const st = c.status;
      const retrieved = st.kind !== 'unavailable' && st.kind !== 'failed' && st.kind !== 'pending';
      metrics.retrieved.m++;
      if (retrieved) metrics.retrieved.n++;
      if (retrieved && source && searchTextOf(source)) {
        const found = st.kind === 'located' || st.kind === 'approximate' || st.kind === 'wrong-page';
        metrics.quoteFound.m++;
        if (found) metrics.quoteFound.n++;
        if (found && claimedPages(source).length > 0) {
          metrics.pageCorrect.m++;
          if (st.kind !== 'wrong-page') metrics.pageCorrect.n++;
        }
      }
      const boxes = checks.sources[c.sourceId]?.boxes;
      if (retrieved && boxes && boxes.matches !== null) {
        metrics.highlight.m++;
        if (boxes.matches) metrics.highlight.n++;
      }
      if (c.support) {
        metrics.supported.m++;
        if (c.support.verdict === 'supported') metrics.supported.n++;
      }
    }
  }

  return {
    answerId: answer.id,
    format,
    pass: gate.size === 0,
    gateFailures: [...gate],
    metrics,
    adapterWarnings,
    documents,
    review: buildReviewExport({ answer, model, result, exportedAt }),
    result,
  };
}

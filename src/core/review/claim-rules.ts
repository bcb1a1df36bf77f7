// The rules about claims: uncited sentences, markers naming no source, and support (does the cited evidence say
// what the claim says: support-verdict.ts, or the backend's or the model judge's verdict). Pure and synchronous.
import type { Claim, ClaimCitation } from '../model/claims.ts';
import type { InvalidMarker } from '../model/answer-model.ts';
import { parseMarkers, type MarkerGroup } from '../markers/parse-markers.ts';
import type { DocumentRef, Source } from '../model/types.ts';
import { claimedPages } from './source-pages.ts';
import type { FlagMessage } from './review-message.ts';
import { reviewText } from './review-text.ts';
import { supportVerdict } from './support-verdict.ts';
import { snippet } from './wording.ts';
import type { CitationStatus, ReviewConfig, ReviewFlag, SourceCheck, SupportSummary } from './types.ts';

/** A claim flag: its reason as data (`message`) and in English (`reason`). */
function claimFlag(
  code: ReviewFlag['code'],
  severity: ReviewFlag['severity'],
  message: FlagMessage,
  evidence: ReviewFlag['evidence'],
  details?: ReviewFlag['details'],
): ReviewFlag {
  const f: ReviewFlag = { code, severity, reason: reviewText(message), message, evidence };
  if (details) f.details = details;
  return f;
}

export function uncitedFlag(claim: Claim): ReviewFlag {
  return claimFlag('uncited', 'warning', { kind: 'uncited' }, { claimId: claim.id, answerStart: claim.start, answerEnd: claim.end });
}

export function invalidMarkerFlag(marker: InvalidMarker, sourceCount: number, claim?: Claim): ReviewFlag {
  const evidence: ReviewFlag['evidence'] = { key: marker.key, answerStart: marker.start, answerEnd: marker.end };
  if (claim) evidence.claimId = claim.id;
  return claimFlag('invalid-marker', 'error', { kind: 'invalid-marker', key: marker.key, sourceCount }, evidence);
}

/**
 * The claim words a citation supports, markers blanked out. `markers` are the answer's marker groups over that span
 * (the claim's, offsets in `answerText`) when the caller has them: parsing each slice again cost a Markdown parse per
 * claim (1.5 s of a 10,000-claim answer's review). Without them the slice is parsed.
 */
export function citedWords(answerText: string, start: number, end: number, markers?: readonly MarkerGroup[]): string {
  const groups = markers
    ? markers.filter((g) => g.start >= start && g.end <= end).map((g) => ({ start: g.start - start, end: g.end - start }))
    : parseMarkers(answerText.slice(start, end));
  const slice = answerText.slice(start, end);
  let out = '';
  let at = 0;
  for (const g of groups) {
    out += `${slice.slice(at, g.start)} `;
    at = g.end;
  }
  return (out + slice.slice(at)).replace(/\s+/gu, ' ').trim();
}

export interface CitedSource {
  citation: ClaimCitation;
  source: Source;
  document?: DocumentRef;
  status: CitationStatus;
  check?: SourceCheck;
}

type Backend = { judged: false } | { judged: true; supported: boolean; flag?: ReviewFlag; summary: SupportSummary };

const VERDICTS = new Set(['contradicted', 'unsupported', 'partial'] as const);
const isVerdict = (v: string): v is 'contradicted' | 'unsupported' | 'partial' => (VERDICTS as Set<string>).has(v);

/** The model judge's verdict, written on the source by the server (src/server/judge): `checkedBy` names the model. */
function judgeSupport(cs: CitedSource, claim: Claim, verdict: string): Backend {
  const s = cs.source.support!;
  const model = snippet(s.checkedBy ?? '', 80);
  const reason = snippet(typeof s.reason === 'string' ? s.reason : '', 200);
  const said = verdict === 'supported' ? 'supported' : verdict === 'contradicted' ? 'contradicted' : 'not_enough_info';
  const summary: SupportSummary = {
    score: null,
    by: 'judge',
    verdict: said === 'supported' ? 'supported' : said === 'contradicted' ? 'contradicted' : 'needs-look',
    model,
    missing: [],
  };
  if (reason) summary.reason = reason;
  if (said === 'supported') return { judged: true, supported: true, summary };
  const message: FlagMessage = { kind: 'judge-verdict', model, verdict: said, reason };
  const flag = claimFlag(
    said === 'contradicted' ? 'contradicted' : 'needs-look',
    said === 'contradicted' ? 'error' : 'info',
    message,
    evidenceFor([cs], claim),
    { verdict: said },
  );
  return { judged: true, supported: false, summary, flag };
}

/** The backend's own verdict or score for one source, when it gave one (it takes precedence over ours). */
function backendSupport(cs: CitedSource, claim: Claim, config: ReviewConfig): Backend {
  const s = cs.source.support;
  const verdict = s && typeof s.verdict === 'string' && s.verdict !== 'unknown' ? s.verdict : undefined;
  if (verdict && typeof s?.checkedBy === 'string' && s.checkedBy) return judgeSupport(cs, claim, verdict);
  const score = s && typeof s.score === 'number' && Number.isFinite(s.score) ? s.score : undefined;
  if (verdict === undefined && score === undefined) return { judged: false };
  const summary: SupportSummary = { score: score ?? null, by: 'backend', verdict: 'needs-look', missing: [] };
  if (verdict) summary.backendVerdict = verdict;
  const evidence = evidenceFor([cs], claim);
  if (verdict === 'supported') return { judged: true, supported: true, summary: { ...summary, verdict: 'supported' } };
  if (verdict && isVerdict(verdict)) {
    const severity = verdict === 'partial' ? 'warning' : 'error';
    const message: FlagMessage = { kind: 'backend-verdict', verdict, ...(score !== undefined && { score }) };
    const code = verdict === 'contradicted' ? 'contradicted' : 'unsupported';
    if (verdict === 'contradicted') summary.verdict = 'contradicted';
    return {
      judged: true,
      supported: false,
      summary,
      flag: claimFlag(code, severity, message, evidence, { verdict, ...(score !== undefined ? { score } : {}) }),
    };
  }
  if (score !== undefined && score < config.backendSupportFloor) {
    const message: FlagMessage = { kind: 'backend-score', score, threshold: config.backendSupportFloor };
    return {
      judged: true,
      supported: false,
      summary,
      flag: claimFlag('unsupported', 'error', message, evidence, { score, threshold: config.backendSupportFloor }),
    };
  }
  return { judged: true, supported: true, summary: { ...summary, verdict: 'supported' } };
}

function evidenceFor(group: readonly CitedSource[], claim: Claim): ReviewFlag['evidence'] {
  const first = group[0]!;
  const ev: ReviewFlag['evidence'] = {
    claimId: claim.id,
    key: first.citation.key,
    sourceId: first.source.id,
    documentId: first.source.documentId,
    answerStart: first.citation.answerStart,
    answerEnd: first.citation.answerEnd,
  };
  const st = first.status;
  const page =
    st.kind === 'located' || st.kind === 'approximate' || st.kind === 'differs' || st.kind === 'page-level'
      ? st.page
      : st.kind === 'wrong-page'
        ? st.foundPage
        : claimedPages(first.source)[0];
  if (page !== undefined) ev.page = page;
  if (group.length > 1) ev.sourceIds = group.map((g) => g.source.id);
  return ev;
}

/** What the citation offers as evidence: its quote and passage, else the words under its boxes or where it was found. */
function passagesOf(cs: CitedSource): string[] {
  // "..." is a placeholder, not a passage
  const own = [cs.source.quote, cs.source.text].filter((t): t is string => typeof t === 'string' && /[\p{L}\p{N}]/u.test(t));
  if (own.length === 0) {
    if (cs.check?.boxes?.text) own.push(cs.check.boxes.text);
    const st = cs.status;
    if (st.kind === 'approximate' || st.kind === 'wrong-page') own.push(st.text);
  }
  return own;
}

/** What names the passage's subject: the document's title, the section, the words before it on its page. */
function contextOf(cs: CitedSource): string[] {
  return [cs.document?.title, cs.source.section, cs.check?.context].filter((t): t is string => typeof t === 'string' && t.length > 0);
}

const hidden = (st: CitationStatus) => st.kind === 'unavailable' || st.kind === 'failed';

/**
 * Support of each cited span of a claim. Citations sharing a span ("… [1][3].") are judged together: the claim is
 * supported when their evidence, taken together, says what it says. Returns the flags and each citation's summary.
 */
export function supportFlags(
  answerText: string,
  claim: Claim,
  cited: readonly CitedSource[],
  config: ReviewConfig,
): { flags: ReviewFlag[]; summaries: Map<ClaimCitation, SupportSummary> } {
  const flags: ReviewFlag[] = [];
  const summaries = new Map<ClaimCitation, SupportSummary>();
  const groups = new Map<string, CitedSource[]>();
  for (const cs of cited) {
    // A locked or missing document's evidence is not shown, not even as "the passage lacks X".
    if (hidden(cs.status)) continue;
    const k = `${cs.citation.answerStart}:${cs.citation.answerEnd}`;
    groups.set(k, [...(groups.get(k) ?? []), cs]);
  }
  for (const group of groups.values()) {
    let backendSupported = false;
    const lexical: CitedSource[] = [];
    for (const cs of group) {
      const b = backendSupport(cs, claim, config);
      if (!b.judged) {
        lexical.push(cs);
        continue;
      }
      summaries.set(cs.citation, b.summary);
      if (b.supported) backendSupported = true;
      if (b.flag) flags.push(b.flag);
    }
    if (backendSupported || lexical.length === 0) continue;
    const withText = lexical.filter((cs) => passagesOf(cs).length > 0);
    if (withText.length === 0) continue;
    const first = withText[0]!.citation;
    const words = citedWords(answerText, first.answerStart, first.answerEnd, claim.markers);
    const v = supportVerdict(words, { passages: withText.flatMap(passagesOf), context: withText.flatMap(contextOf) });
    const summary: SupportSummary = { score: v.lexical.score, by: 'lexical', verdict: v.verdict, missing: v.missing };
    if (v.contradiction) summary.contradiction = v.contradiction;
    for (const cs of withText) summaries.set(cs.citation, summary);
    const passages = withText.length;
    if (v.contradiction) {
      const message: FlagMessage = { kind: 'contradicted', ...v.contradiction, passages };
      flags.push(claimFlag('contradicted', 'error', message, evidenceFor(withText, claim), { verdict: 'contradicted', missing: v.missing }));
    } else if (v.verdict === 'needs-look') {
      const message: FlagMessage = { kind: 'needs-look', said: v.missing.slice(0, 5), passages };
      flags.push(claimFlag('needs-look', 'info', message, evidenceFor(withText, claim), { score: v.lexical.score, missing: v.missing }));
    }
  }
  return { flags, summaries };
}

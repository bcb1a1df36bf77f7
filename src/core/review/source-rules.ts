// The rules about one source, whichever claim cites it: its status, and the flags weak relevance, quote not found,
// quote altered, wrong page, highlight misses evidence, document-level only, version mismatch, evidence unavailable.
// Pure and synchronous: the locator's work arrives in `SourceCheck`, the document's in `DocumentCheck`.
import type { DocumentRef, Source } from '../model/types.ts';
import { textFormat, webAddress } from '../model/document-kind.ts';
import { ACCESS_PHRASES } from './document-check.ts';
import { claimedPages, pagesLabel, searchTextOf, unquotedStatus } from './source-pages.ts';
import type { CitationStatus, DocumentCheck, FlagEvidence, ReviewConfig, ReviewFlag, SearchedScope, SourceCheck } from './types.ts';
import { documentLabel, percent, score2, snippet } from './wording.ts';

export interface SourceContext {
  source: Source;
  document?: DocumentRef;
  documentCheck?: DocumentCheck;
  sourceCheck?: SourceCheck;
  config: ReviewConfig;
  /** Origins whose documents are ours (the app's and the API's): an absolute URL there is a served file, not a web page. */
  storeOrigins?: readonly string[];
}

/** What a marker shows for this source right now (document access first, then the locator's verdict). */
export function sourceStatus(ctx: Pick<SourceContext, 'source' | 'document' | 'documentCheck' | 'sourceCheck' | 'storeOrigins'>): CitationStatus {
  const access = ctx.documentCheck?.access;
  if (access?.state === 'unavailable') return { kind: 'unavailable', status: access.status, reason: access.reason };
  if (access?.state === 'failed') return { kind: 'failed', reason: access.reason };
  if (ctx.sourceCheck) return ctx.sourceCheck.status;
  // Nothing will ever check these: saying "checking…" forever would be a lie.
  if (ctx.document?.generated) return { kind: 'unchecked', reason: 'The model generated this file in its own sandbox; citelens cannot open it.' };
  // Markdown and plain-text documents are read and checked (check-text-source.ts): until then they are "checking…".
  if (ctx.document && textFormat(ctx.document) && isOurs(ctx.document.url, ctx.storeOrigins) && searchTextOf(ctx.source)) {
    return { kind: 'pending' };
  }
  if (!isPaged(ctx)) return { kind: 'unchecked', reason: 'A web page or text source: compare the passage shown with the original yourself.' };
  if (!searchTextOf(ctx.source)) return unquotedStatus(ctx.source);
  return { kind: 'pending' };
}

function flag(code: ReviewFlag['code'], severity: ReviewFlag['severity'], reason: string, evidence: FlagEvidence, details?: ReviewFlag['details']): ReviewFlag {
  const f: ReviewFlag = { code, severity, reason, evidence };
  if (details) f.details = details;
  return f;
}

function searchedWords(scope: SearchedScope): string {
  const steps: string[] = [];
  if (scope.hintedPages.length > 0) steps.push(pagesLabel(scope.hintedPages));
  if (scope.nearbyPages.length > 0) steps.push(`${pagesLabel(scope.nearbyPages)} around it`);
  if (scope.wholeDocument) steps.push(steps.length > 0 ? `the rest of the document (${scope.pageCount} pages in all)` : `the whole document (${scope.pageCount} pages)`);
  const searched = steps.length > 1 ? `${steps.slice(0, -1).join(', ')}, then ${steps[steps.length - 1]}` : (steps[0] ?? 'no page');
  const empty = scope.pagesWithoutText;
  const note = empty.length === 0 ? '' : ` ${pagesLabel(empty).replace(/^p/u, 'P')} ${empty.length === 1 ? 'has' : 'have'} no text layer (scanned?), so ${empty.length === 1 ? 'it was' : 'they were'} not really searched.`;
  return `Searched ${searched}.${note}`;
}

/** A relative URL, or an absolute one on an origin that serves our documents (not a page on the web). */
function isOurs(url: string | undefined, storeOrigins: readonly string[] = []): boolean {
  const web = webAddress(url);
  return !web || storeOrigins.includes(web.origin);
}

const UNPAGED_NAME = /\.(txt|md|markdown|html?|json|csv|xml|docx?|rtf)$/iu;

/** A PDF (or unknown type): pages mean something. Web pages and text documents have none to name. */
function isPaged(ctx: Pick<SourceContext, 'source' | 'document' | 'documentCheck' | 'storeOrigins'>): boolean {
  const doc = ctx.document;
  const type = typeof doc?.mediaType === 'string' ? doc.mediaType.toLowerCase() : '';
  if (type) return type.includes('pdf');
  if (ctx.documentCheck?.pageCount) return true;
  if (typeof ctx.source.url === 'string' && ctx.source.url) return false;
  const url = typeof doc?.url === 'string' ? doc.url : '';
  const web = webAddress(url);
  if (web && !isOurs(url, ctx.storeOrigins) && !/\.pdf$/iu.test(web.pathname)) return false;
  return ![url, doc?.title, doc?.id].some((name) => typeof name === 'string' && UNPAGED_NAME.test(name.trim()));
}

function statusFlags(ctx: SourceContext, status: CitationStatus, base: FlagEvidence, label: string): ReviewFlag[] {
  const what = searchTextOf(ctx.source)?.field === 'passage' ? 'The cited passage' : 'The quote';
  const claimed = claimedPages(ctx.source);
  switch (status.kind) {
    case 'pending':
    case 'located':
    case 'page-level':
    case 'document-level':
    case 'unchecked':
      return [];
    case 'unavailable':
      return [
        flag('evidence-unavailable', 'error', `${label} ${ACCESS_PHRASES[status.status]}, so this citation cannot be checked; its content is not shown.`, base, {
          httpStatus: status.status,
        }),
      ];
    case 'failed':
      return [flag('evidence-unavailable', 'error', `${label} could not be loaded, so this citation cannot be checked: ${snippet(status.reason, 200)}`, base)];
    case 'no-text-layer':
      return [
        flag('quote-not-found', 'warning', `${label} has no text layer (a scanned document?), so ${what.toLowerCase()} cannot be checked against its words; look at the page yourself.`, base),
      ];
    case 'not-located': {
      const closest = status.closest;
      const near = closest
        ? ` The closest passage, on ${pagesLabel([closest.page])} (score ${score2(closest.score)}), reads “${snippet(closest.text)}”.`
        : '';
      const evidence: FlagEvidence = { ...base };
      if (closest) {
        evidence.page = closest.page;
        evidence.rects = closest.rects;
      }
      return [
        flag('quote-not-found', 'error', `${what} is not in ${label}. ${searchedWords(status.searched)}${near}`, evidence, {
          ...(closest ? { score: closest.score } : {}),
          threshold: ctx.config.locateMinScore,
          claimedPages: claimed,
        }),
      ];
    }
    case 'approximate':
      return [
        flag('quote-altered', 'warning', `${what} matches ${label} only approximately on ${pagesLabel([status.page])} (score ${score2(status.score)}): the document reads “${snippet(status.text)}”.`, { ...base, page: status.page, rects: status.rects }, { score: status.score }),
      ];
    case 'wrong-page': {
      const evidence = { ...base, page: status.foundPage, rects: status.rects };
      const found = status.foundPageEnd ? pagesLabel([status.foundPage, status.foundPageEnd]) : pagesLabel([status.foundPage]);
      const out = [
        flag('wrong-page', 'warning', `${what} is on ${found} of ${label}, not on ${pagesLabel(status.claimedPages)} as the source says.`, evidence, {
          foundPage: status.foundPage,
          claimedPages: status.claimedPages,
        }),
      ];
      if (status.score < 1) {
        out.push(flag('quote-altered', 'warning', `${what} matches ${label} only approximately (score ${score2(status.score)}): the document reads “${snippet(status.text)}”.`, evidence, { score: status.score }));
      }
      return out;
    }
    default: {
      const never: never = status;
      throw new Error(`unhandled citation status ${JSON.stringify(never)}`);
    }
  }
}

/** Every source-level flag, with evidence naming the source and its document (no claim yet). */
export function sourceFlags(ctx: SourceContext): ReviewFlag[] {
  const { source, config } = ctx;
  const claimed = claimedPages(source);
  const label = documentLabel(source.documentId, ctx.document);
  const base: FlagEvidence = { sourceId: source.id, documentId: source.documentId };
  if (claimed[0] !== undefined) base.page = claimed[0];
  const status = sourceStatus(ctx);
  const out: ReviewFlag[] = [];

  out.push(...statusFlags(ctx, status, base, label));

  const served = ctx.documentCheck?.access.state === 'ok' ? ctx.documentCheck.servedVersion : undefined;
  const expected = typeof source.documentVersion === 'string' && source.documentVersion ? source.documentVersion : ctx.document?.version;
  if (served && typeof expected === 'string' && expected && expected !== served) {
    const whose = source.documentVersion ? 'The source was taken from' : 'The answer cites';
    out.push(
      flag('version-mismatch', 'warning', `${whose} version “${snippet(expected, 40)}” of ${label}, but the server serves version “${snippet(served, 40)}”: pages and wording may differ.`, base, {
        expectedVersion: expected,
        servedVersion: served,
      }),
    );
  }

  const relevance = source.relevance;
  if (typeof relevance === 'number' && Number.isFinite(relevance) && relevance < config.relevanceThreshold) {
    out.push(
      flag('weak-relevance', 'warning', `The retrieval relevance of this source is ${score2(relevance)}, below ${score2(config.relevanceThreshold)}: the passage may be only loosely related to the question.`, base, {
        score: relevance,
        threshold: config.relevanceThreshold,
      }),
    );
  }

  const boxes = ctx.sourceCheck?.boxes;
  if (boxes && boxes.matches === false && status.kind !== 'unavailable' && status.kind !== 'failed') {
    const where = pagesLabel(boxes.pages);
    const what = searchTextOf(source)?.field === 'passage' ? 'passage' : 'quote';
    const under = boxes.text ? `cover “${snippet(boxes.text)}”` : 'cover no text';
    const share = boxes.coverage !== null && boxes.text ? `: only ${percent(boxes.coverage)} of the ${what}'s words are there` : '';
    out.push(
      flag('highlight-misses-evidence', 'warning', `The highlighted boxes on ${where} ${under}${share}.`, { ...base, page: boxes.pages[0] ?? base.page }, {
        ...(boxes.coverage !== null ? { score: boxes.coverage } : {}),
        threshold: config.highlightCoverage,
      }),
    );
  }

  // character offsets, content blocks or a search result locate a passage without pages
  const loc = source.location;
  const located = !!loc && [loc.charStart, loc.blockStart, loc.resultIndex].some((n) => typeof n === 'number');
  if (claimed.length === 0 && !located && isPaged(ctx) && status.kind !== 'unavailable' && status.kind !== 'failed') {
    const pages = ctx.documentCheck?.pageCount;
    const size = pages ? ` (${pages} pages)` : '';
    const found =
      status.kind === 'located' || status.kind === 'approximate'
        ? `; the quote was found on ${pagesLabel([status.page])}`
        : '; a reader has to search the whole document';
    out.push(flag('document-level-only', 'info', `The source names no page or region of ${label}${size}${found}.`, status.kind === 'located' || status.kind === 'approximate' ? { ...base, page: status.page, rects: status.rects } : base));
  }
  return out;
}

// The rules about one source, whichever claim cites it: its status, and the flags weak relevance, quote not found,
// quote altered, wrong page, highlight misses evidence, document-level only, version mismatch, evidence unavailable.
// Pure and synchronous: the locator's work arrives in `SourceCheck`, the document's in `DocumentCheck`.
import type { DocumentRef, Source } from '../model/types.ts';
import { textFormat, webAddress } from '../model/document-kind.ts';
import type { FlagMessage, UncheckedMessage } from './review-message.ts';
import { reviewText } from './review-text.ts';
import { claimedPages, searchTextOf, unquotedStatus } from './source-pages.ts';
import type { CitationStatus, DocumentCheck, FlagEvidence, ReviewConfig, ReviewFlag, SourceCheck } from './types.ts';
import { documentName, snippet } from './wording.ts';

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
  if (access?.state === 'unavailable')
    return { kind: 'unavailable', status: access.status, reason: access.reason, ...(access.message && { message: access.message }) };
  if (access?.state === 'failed') return { kind: 'failed', reason: access.reason, ...(access.message && { message: access.message }) };
  if (ctx.sourceCheck) return ctx.sourceCheck.status;
  // Nothing will ever check these: saying "checking…" forever would be a lie.
  if (ctx.document?.generated) return unchecked({ kind: 'generated-file' });
  // Markdown and plain-text documents are read and checked (check-text-source.ts): until then they are "checking…".
  if (ctx.document && textFormat(ctx.document) && isOurs(ctx.document.url, ctx.storeOrigins) && searchTextOf(ctx.source)) {
    return { kind: 'pending' };
  }
  if (!isPaged(ctx)) return unchecked({ kind: 'web-or-text' });
  if (!searchTextOf(ctx.source)) return unquotedStatus(ctx.source);
  return { kind: 'pending' };
}

function unchecked(message: UncheckedMessage): CitationStatus {
  return { kind: 'unchecked', reason: reviewText(message), message };
}

/** A flag with its reason as data (`message`) and in English (`reason`, what the export and the CLI print). */
function flag(
  code: ReviewFlag['code'],
  severity: ReviewFlag['severity'],
  message: FlagMessage,
  evidence: FlagEvidence,
  details?: ReviewFlag['details'],
): ReviewFlag {
  const f: ReviewFlag = { code, severity, reason: reviewText(message), message, evidence };
  if (details) f.details = details;
  return f;
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

/** Differences a reason names (the rest are counted). */
const SHOWN_DIFFERENCES = 3;

function statusFlags(ctx: SourceContext, status: CitationStatus, base: FlagEvidence, document: string): ReviewFlag[] {
  const passage = searchTextOf(ctx.source)?.field === 'passage';
  const claimed = claimedPages(ctx.source);
  switch (status.kind) {
    case 'pending':
    case 'located':
    case 'page-level':
    case 'document-level':
    case 'unchecked':
      return [];
    case 'unavailable':
      return [flag('evidence-unavailable', 'error', { kind: 'evidence-unavailable', document, status: status.status }, base, { httpStatus: status.status })];
    case 'failed':
      return [
        flag(
          'evidence-unavailable',
          'error',
          { kind: 'evidence-failed', document, detail: status.reason, ...(status.message && { cause: status.message }) },
          base,
        ),
      ];
    case 'no-text-layer':
      return [flag('quote-not-found', 'warning', { kind: 'no-text-layer', document, passage }, base)];
    case 'not-located': {
      const closest = status.closest;
      const evidence: FlagEvidence = { ...base };
      if (closest) {
        evidence.page = closest.page;
        evidence.rects = closest.rects;
      }
      const { hintedPages, nearbyPages, wholeDocument, pageCount, pagesWithoutText } = status.searched;
      const message: FlagMessage = {
        kind: 'quote-not-found',
        document,
        passage,
        searched: { hintedPages, nearbyPages, wholeDocument, pageCount, pagesWithoutText },
      };
      if (closest) message.closest = { page: closest.page, score: closest.score, text: snippet(closest.text) };
      return [
        flag('quote-not-found', 'error', message, evidence, {
          ...(closest ? { score: closest.score } : {}),
          threshold: ctx.config.locateMinScore,
          claimedPages: claimed,
        }),
      ];
    }
    case 'differs': {
      const message: FlagMessage = {
        kind: 'quote-differs',
        document,
        passage,
        page: status.page,
        differences: status.differences
          .slice(0, SHOWN_DIFFERENCES)
          .map((d) => ({ kind: d.kind, quote: snippet(d.quote, 80), document: snippet(d.document, 80) })),
        more: Math.max(0, status.differences.length - SHOWN_DIFFERENCES),
      };
      const marked = status.differences.flatMap((d) => d.rects);
      return [
        flag(
          'quote-altered',
          'error',
          message,
          { ...base, page: status.page, rects: marked.length > 0 ? marked : status.rects },
          { score: status.score, foundPage: status.page, claimedPages: claimed },
        ),
      ];
    }
    case 'approximate':
      // Harmless differences only (spacing, punctuation, characters misread): the words are there. Worth knowing,
      // never a warning: a reviewer taught to ignore amber stops reading it.
      return [
        flag(
          'quote-altered',
          'info',
          { kind: 'quote-altered', document, passage, page: status.page, score: status.score, text: snippet(status.text) },
          { ...base, page: status.page, rects: status.rects },
          { score: status.score },
        ),
      ];
    case 'wrong-page': {
      const evidence = { ...base, page: status.foundPage, rects: status.rects };
      const found = status.foundPageEnd ? [status.foundPage, status.foundPageEnd] : [status.foundPage];
      const out = [
        flag('wrong-page', 'warning', { kind: 'wrong-page', document, passage, found, claimed: status.claimedPages }, evidence, {
          foundPage: status.foundPage,
          claimedPages: status.claimedPages,
        }),
      ];
      if (status.score < 1) {
        out.push(
          flag('quote-altered', 'info', { kind: 'quote-altered', document, passage, score: status.score, text: snippet(status.text) }, evidence, {
            score: status.score,
          }),
        );
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
  const document = documentName(source.documentId, ctx.document);
  const base: FlagEvidence = { sourceId: source.id, documentId: source.documentId };
  if (claimed[0] !== undefined) base.page = claimed[0];
  const status = sourceStatus(ctx);
  const out: ReviewFlag[] = [];

  out.push(...statusFlags(ctx, status, base, document));

  const served = ctx.documentCheck?.access.state === 'ok' ? ctx.documentCheck.servedVersion : undefined;
  const expected = typeof source.documentVersion === 'string' && source.documentVersion ? source.documentVersion : ctx.document?.version;
  if (served && typeof expected === 'string' && expected && expected !== served) {
    const message: FlagMessage = {
      kind: 'version-mismatch',
      document,
      fromSource: !!source.documentVersion,
      expected: snippet(expected, 40),
      served: snippet(served, 40),
    };
    out.push(flag('version-mismatch', 'warning', message, base, { expectedVersion: expected, servedVersion: served }));
  }

  const relevance = source.relevance;
  if (typeof relevance === 'number' && Number.isFinite(relevance) && relevance < config.relevanceThreshold) {
    out.push(
      flag('weak-relevance', 'warning', { kind: 'weak-relevance', score: relevance, threshold: config.relevanceThreshold }, base, {
        score: relevance,
        threshold: config.relevanceThreshold,
      }),
    );
  }

  const boxes = ctx.sourceCheck?.boxes;
  if (boxes && boxes.matches === false && status.kind !== 'unavailable' && status.kind !== 'failed') {
    const passage = searchTextOf(source)?.field === 'passage';
    const message: FlagMessage = { kind: 'boxes-miss', pages: boxes.pages, text: boxes.text ? snippet(boxes.text) : '', coverage: boxes.coverage, passage };
    out.push(
      flag(
        'highlight-misses-evidence',
        'warning',
        message,
        { ...base, page: boxes.pages[0] ?? base.page },
        {
          ...(boxes.coverage !== null ? { score: boxes.coverage } : {}),
          threshold: config.highlightCoverage,
        },
      ),
    );
  }

  // character offsets, content blocks or a search result locate a passage without pages
  const loc = source.location;
  const located = !!loc && [loc.charStart, loc.blockStart, loc.resultIndex].some((n) => typeof n === 'number');
  if (claimed.length === 0 && !located && isPaged(ctx) && status.kind !== 'unavailable' && status.kind !== 'failed') {
    const found = status.kind === 'located' || status.kind === 'approximate';
    const message: FlagMessage = { kind: 'document-level-only', document };
    if (ctx.documentCheck?.pageCount) message.pageCount = ctx.documentCheck.pageCount;
    if (found) message.foundPage = status.page;
    out.push(flag('document-level-only', 'info', message, found ? { ...base, page: status.page, rects: status.rects } : base));
  }
  return out;
}

// The review engine's sentences in words: a ReviewMessage (review-message.ts) worded with a `Translate`. English by
// default, which is what the flags' `reason` and the export, the CLI and the server read; the UI passes its own
// translator, so a reason computed in the review worker is re-worded in the reader's language when shown.
import { addressRefusalText } from '../documents/document-address.ts';
import { oversizedStreamReason } from '../documents/stream-bombs.ts';
import type { MessageKey } from '../i18n/messages-en.ts';
import { groupedNumber, translateEnglish, type Translate } from '../i18n/translate.ts';
import { MAX_QUOTE_CHARS } from './quote-limit.ts';
import type { AccessMessage, LoadProblem, ReviewMessage, SearchedPages } from './review-message.ts';
import type { CitationStatus, ReviewFlag } from './types.ts';
import { snippet } from './wording.ts';

const fixedFormats = new Map<string, Intl.NumberFormat>();

/** A score with two decimals in the UI's digits ("0.46", "۰٫۴۶"), as `toFixed(2)` writes it in English. */
function score(t: Translate, n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const locale = t('common.numberLocale');
  let format = fixedFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
    fixedFormats.set(locale, format);
  }
  return format.format(n);
}

const percent = (t: Translate, n: number) => t('reason.percent', { value: Math.round(n * 100) });

/** "a, b and c" (in quotes when `quoted`), with the UI's separator and conjunction. */
export function wordList(t: Translate, items: readonly string[], quoted = true): string {
  const words = items.map((word) => (quoted ? t('reason.quotedWord', { word }) : word));
  if (words.length <= 1) return words.join('');
  return t('reason.listAnd', { list: words.slice(0, -1).join(t('review.listSeparator')), last: words[words.length - 1]! });
}

/** "page 5", "pages 5–6", "pages 3, 7 and 9". */
export function pagesText(t: Translate, pages: readonly number[]): string {
  if (pages.length === 0) return t('reason.noPage');
  if (pages.length === 1) return t('reason.page', { page: pages[0]! });
  const contiguous = pages.every((p, i) => i === 0 || p === pages[i - 1]! + 1);
  if (contiguous) return t('reason.pageRange', { first: pages[0]!, last: pages[pages.length - 1]! });
  const list = pages
    .slice(0, -1)
    .map((value) => t('common.number', { value }))
    .join(t('review.listSeparator'));
  return t('reason.pageList', { list, last: pages[pages.length - 1]! });
}

/** A phrase opening a sentence: "Pages 3–4 have…" (scripts without case are left as they are). */
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function searchedText(t: Translate, scope: SearchedPages): string {
  const steps: string[] = [];
  if (scope.hintedPages.length > 0) steps.push(pagesText(t, scope.hintedPages));
  if (scope.nearbyPages.length > 0) steps.push(t('reason.pagesAround', { pages: pagesText(t, scope.nearbyPages) }));
  if (scope.wholeDocument) steps.push(t(steps.length > 0 ? 'reason.restOfDocument' : 'reason.wholeDocument', { total: scope.pageCount }));
  const last = steps[steps.length - 1];
  const searched =
    steps.length > 1 ? t('reason.searchedThen', { list: steps.slice(0, -1).join(t('review.listSeparator')), last: last! }) : (last ?? t('reason.noPage'));
  const empty = scope.pagesWithoutText;
  const note = empty.length === 0 ? '' : ` ${t('reason.pagesWithoutText', { count: empty.length, pages: upperFirst(pagesText(t, empty)) })}`;
  return `${t('reason.searched', { pages: searched })}${note}`;
}

const DENIED = { 401: 'reason.denied401', 403: 'reason.denied403', 404: 'reason.denied404' } as const satisfies Record<number, MessageKey>;
const UNAVAILABLE = { 401: 'reason.unavailable401', 403: 'reason.unavailable403', 404: 'reason.unavailable404' } as const satisfies Record<number, MessageKey>;
const VERDICT = {
  contradicted: 'reason.backendContradicted',
  unsupported: 'reason.backendUnsupported',
  partial: 'reason.backendPartial',
} as const satisfies Record<string, MessageKey>;

function contradictedText(m: Extract<ReviewMessage, { kind: 'contradicted' }>, t: Translate): string {
  switch (m.cause) {
    case 'value':
    case 'date':
      return t(m.passages > 1 ? 'support.contradictedValuePassages' : 'support.contradictedValue', { claim: m.claim, passage: m.passage });
    case 'negation':
      return t('support.contradictedNegation', { passage: m.passage });
    case 'entity':
      return t('support.contradictedEntity', { claim: m.claim, passage: m.passage });
    default: {
      const never: never = m.cause;
      return never;
    }
  }
}

/** Why a PDF did not open, in words (the viewer's `loadError.*` texts, or pdf.js's own words as they came). */
export function loadProblemText(problem: LoadProblem, t: Translate = translateEnglish): string {
  if ('text' in problem) return problem.text;
  if ('oversized' in problem) return oversizedStreamReason(problem.oversized, t);
  if (problem.key === 'loadError.serverFailed') return t(problem.key, { status: problem.status });
  if (problem.key === 'loadError.notInAnswer') return t(problem.key, { document: problem.document });
  return t(problem.key);
}

function accessText(m: AccessMessage, t: Translate): string {
  const said = (message?: string) => (message ? t('reason.serverSaid', { message }) : '');
  switch (m.kind) {
    case 'access-denied':
      return `${t(DENIED[m.status])}${said(m.serverSaid)}`;
    case 'fetch-failed':
      return `${t('reason.fetchFailed', { status: m.httpStatus })}${said(m.serverSaid)}`;
    case 'open-failed':
      return t('reason.openFailed', { problem: loadProblemText(m.problem, t) });
    case 'load-failed':
      return t('reason.loadFailed', { detail: m.detail });
    case 'address-refused':
      return t('reason.addressRefused', { detail: addressRefusalText(m.refusal, t) });
    case 'local-file-missing':
      return t('reason.localFileMissing', { names: m.lookedFor.map((word) => t('reason.quotedWord', { word })).join(t('review.listSeparator')) });
  }
}

/** A review message in words: English unless the UI hands its translator. */
export function reviewText(m: ReviewMessage, t: Translate = translateEnglish): string {
  switch (m.kind) {
    case 'access-denied':
    case 'fetch-failed':
    case 'open-failed':
    case 'load-failed':
    case 'address-refused':
    case 'local-file-missing':
      return accessText(m, t);
    case 'generated-file':
      return t('reason.generatedFile');
    case 'web-or-text':
      return t('reason.webOrText');
    case 'quote-too-long':
      return t('passage.quoteTooLong', { length: groupedNumber(t, m.length), limit: groupedNumber(t, MAX_QUOTE_CHARS) });
    case 'uncited':
      return t('reason.uncited');
    case 'invalid-marker':
      return m.sourceCount === 0 ? t('reason.invalidMarkerNone', { key: m.key }) : t('reason.invalidMarker', { key: m.key, count: m.sourceCount });
    case 'low-confidence':
      return t('reason.lowConfidence', { score: score(t, m.score), threshold: score(t, m.threshold) });
    case 'weak-relevance':
      return t('reason.weakRelevance', { score: score(t, m.score), threshold: score(t, m.threshold) });
    case 'backend-verdict':
      return t(VERDICT[m.verdict], { score: m.score !== undefined ? t('reason.backendScoreSuffix', { score: score(t, m.score) }) : '' });
    case 'backend-score':
      return t('reason.backendScore', { score: score(t, m.score), threshold: score(t, m.threshold) });
    case 'claim-says': {
      const said = wordList(t, m.said, false);
      const many = m.passages > 1;
      if (m.said.length === 1) return t(many ? 'reason.claimSays1Passages' : 'reason.claimSays1', { said });
      if (m.said.length === 2) return t(many ? 'reason.claimSays2Passages' : 'reason.claimSays2', { said });
      return t(many ? 'reason.claimSaysNPassages' : 'reason.claimSaysN', { said });
    }
    case 'little-wording': {
      const words = m.words.length > 0 ? t('reason.notInIt', { count: m.words.length, words: wordList(t, m.words) }) : '';
      return t(m.passages > 1 ? 'reason.littleWordingPassages' : 'reason.littleWording', { score: score(t, m.score), threshold: score(t, m.threshold), words });
    }
    case 'contradicted':
      return contradictedText(m, t);
    case 'needs-look': {
      const many = m.passages > 1;
      if (m.said.length === 0) return t(many ? 'support.needsLookPassages' : 'support.needsLook');
      return t(many ? 'support.needsLookSaidPassages' : 'support.needsLookSaid', { said: wordList(t, m.said) });
    }
    case 'judge-verdict': {
      const key = m.verdict === 'supported' ? 'support.judgeSupported' : m.verdict === 'contradicted' ? 'support.judgeContradicted' : 'support.judgeNotEnough';
      return t(key, { model: m.model, reason: m.reason }).trim();
    }
    case 'evidence-unavailable':
      return t(UNAVAILABLE[m.status], { document: m.document });
    case 'evidence-failed':
      return t('reason.evidenceFailed', { document: m.document, cause: snippet(m.cause ? accessText(m.cause, t) : m.detail, 200) });
    case 'no-text-layer':
      return t(m.passage ? 'reason.noTextLayerPassage' : 'reason.noTextLayer', { document: m.document });
    case 'quote-not-found': {
      const c = m.closest;
      const closest = c ? t('reason.closest', { page: pagesText(t, [c.page]), score: score(t, c.score), text: c.text }) : '';
      return t(m.passage ? 'reason.passageNotFound' : 'reason.quoteNotFound', { document: m.document, searched: searchedText(t, m.searched), closest });
    }
    case 'quote-altered': {
      const params = { document: m.document, score: score(t, m.score), text: m.text };
      if (m.page === undefined) return t(m.passage ? 'reason.passageApproximateElsewhere' : 'reason.quoteApproximateElsewhere', params);
      return t(m.passage ? 'reason.passageApproximate' : 'reason.quoteApproximate', { ...params, page: pagesText(t, [m.page]) });
    }
    case 'quote-differs': {
      const first = m.differences[0];
      const more = m.more + Math.max(0, m.differences.length - 1);
      const params = {
        quote: first?.quote || t('reason.nothing'),
        found: first?.document || t('reason.nothing'),
        page: pagesText(t, [m.page]),
        document: m.document,
        more: more > 0 ? t('reason.moreDifferences', { count: more }) : '',
      };
      return t(m.passage ? 'reason.passageDiffers' : 'reason.quoteDiffers', params);
    }
    case 'wrong-page':
      return t(m.passage ? 'reason.passageWrongPage' : 'reason.quoteWrongPage', {
        document: m.document,
        found: pagesText(t, m.found),
        claimed: pagesText(t, m.claimed),
      });
    case 'version-mismatch':
      return t(m.fromSource ? 'reason.versionFromSource' : 'reason.versionCited', { document: m.document, expected: m.expected, served: m.served });
    case 'boxes-miss': {
      const pages = pagesText(t, m.pages);
      if (!m.text) return t('reason.boxesCoverNothing', { pages });
      const share = m.coverage !== null ? t(m.passage ? 'reason.boxesSharePassage' : 'reason.boxesShareQuote', { percent: percent(t, m.coverage) }) : '';
      return t('reason.boxesCover', { pages, text: m.text, share });
    }
    case 'document-level-only': {
      const sized = m.pageCount !== undefined && m.pageCount > 0;
      if (m.foundPage !== undefined) {
        const page = pagesText(t, [m.foundPage]);
        return sized
          ? t('reason.documentLevelFoundSized', { document: m.document, total: m.pageCount!, page })
          : t('reason.documentLevelFound', { document: m.document, page });
      }
      return sized
        ? t('reason.documentLevelSearchSized', { document: m.document, total: m.pageCount! })
        : t('reason.documentLevelSearch', { document: m.document });
    }
    default: {
      const never: never = m;
      throw new Error(`unhandled review message ${JSON.stringify(never)}`);
    }
  }
}

/** A flag's reason in the UI's language (its English `reason` when it carries no message). */
export function flagReason(flag: Pick<ReviewFlag, 'reason' | 'message'>, t: Translate = translateEnglish): string {
  return flag.message ? reviewText(flag.message, t) : flag.reason;
}

/** Why a citation is unavailable, failed or unchecked, in the UI's language ('' for the other statuses). */
export function statusReason(status: CitationStatus, t: Translate = translateEnglish): string {
  if (status.kind !== 'unavailable' && status.kind !== 'failed' && status.kind !== 'unchecked') return '';
  return status.message ? reviewText(status.message, t) : status.reason;
}

/** The chip of an unchecked citation: "quote too long" in the UI's language, else the status's own label. */
export function uncheckedLabel(status: Extract<CitationStatus, { kind: 'unchecked' }>, t: Translate = translateEnglish): string | undefined {
  return status.message?.kind === 'quote-too-long' ? t('reason.quoteTooLongLabel') : status.label;
}

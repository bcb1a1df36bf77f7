import type { MessageKey } from '../../core/i18n/messages-en.ts';
import type { CitationVerdict, VerdictTone } from '../../core/review/citation-verdict.ts';
import type { CitationStatus, FlagCode } from '../../core/review/types.ts';
import { createTranslator, type Translate } from '../../core/i18n/translate.ts';
import { flagReason, statusReason, uncheckedLabel } from '../../core/review/review-text.ts';

// A citation's verdict (core/review/citation-verdict.ts: its status, made worse by any check that failed) as the
// answer pane, the review panel and the viewer show it: a tone for the colour, a few words for the chip, and a
// sentence for the tooltip. Computed here, once, so every feature says the same thing about the same citation
// without importing each other.

export type BadgeTone = VerdictTone;

export interface StatusBadge {
  tone: BadgeTone;
  short: string;
  long: string;
}

/** English unless a caller hands the UI language's translator (src/i18n/use-translate.ts). */
const EN = createTranslator('en');

export function statusBadge(status: CitationStatus, t: Translate = EN): StatusBadge {
  const pages = (page: number, pageEnd?: number) =>
    pageEnd !== undefined && pageEnd !== page ? t('badge.pages', { page, end: pageEnd }) : t('badge.page', { page });
  const pct = (score: number) => t('badge.percent', { value: Math.round(score * 100) });
  const list = (items: readonly number[]) => items.map((value) => t('common.number', { value })).join(t('review.listSeparator'));
  switch (status.kind) {
    case 'pending':
      return { tone: 'pending', short: t('badge.checking'), long: t('badge.checkingLong') };
    case 'located':
      return { tone: 'ok', short: pages(status.page, status.pageEnd), long: t('badge.locatedLong', { pages: pages(status.page, status.pageEnd) }) };
    case 'differs': {
      const [first] = status.differences;
      const more = status.differences.length - 1;
      return {
        tone: 'bad',
        short: t('badge.differs', { pages: pages(status.page, status.pageEnd) }),
        long: t('badge.differsLong', {
          quote: first?.quote || t('reason.nothing'),
          found: first?.document || t('reason.nothing'),
          pages: pages(status.page, status.pageEnd),
          more: more > 0 ? t('reason.moreDifferences', { count: more }) : '',
        }),
      };
    }
    case 'approximate':
      return {
        tone: 'approx',
        short: t('badge.approximate', { percent: pct(status.score), pages: pages(status.page, status.pageEnd) }),
        long: t('badge.approximateLong', { percent: pct(status.score), pages: pages(status.page, status.pageEnd) }),
      };
    case 'wrong-page': {
      const claimed = status.claimedPages.length > 0 ? list(status.claimedPages) : '?';
      return {
        tone: 'warn',
        short: t('badge.found', { pages: pages(status.foundPage, status.foundPageEnd) }),
        long: t('badge.wrongPageLong', {
          claimed,
          pages: pages(status.foundPage, status.foundPageEnd),
          match: status.score < 1 ? t('badge.match', { percent: pct(status.score) }) : '',
        }),
      };
    }
    case 'not-located': {
      const searched = [...status.searched.hintedPages, ...status.searched.nearbyPages];
      const where = status.searched.wholeDocument
        ? t('badge.wholeDocumentSearched', { count: status.searched.pageCount })
        : t('badge.pagesSearched', { list: searched.length > 0 ? list(searched) : t('badge.none') });
      const closest = status.closest
        ? t('badge.closest', { percent: pct(status.closest.score), pages: pages(status.closest.page, status.closest.pageEnd) })
        : '';
      return { tone: 'bad', short: t('badge.notFound'), long: t('badge.notFoundLong', { where, closest }) };
    }
    case 'no-text-layer':
      return { tone: 'muted', short: t('badge.noTextLayer'), long: t('badge.noTextLayerLong') };
    case 'unavailable':
      return { tone: 'bad', short: status.status === 404 ? t('badge.missing') : t('badge.locked'), long: statusReason(status, t) };
    case 'failed':
      return { tone: 'bad', short: t('badge.cannotLoad'), long: statusReason(status, t) };
    case 'page-level':
      return { tone: 'muted', short: pages(status.page, status.pageEnd), long: t('badge.pageLevelLong', { pages: pages(status.page, status.pageEnd) }) };
    case 'document-level':
      return { tone: 'muted', short: t('badge.wholeDocument'), long: t('badge.documentLevelLong') };
    case 'unchecked':
      return { tone: 'muted', short: uncheckedLabel(status, t) ?? t('badge.notChecked'), long: statusReason(status, t) };
    default: {
      const never: never = status;
      return never;
    }
  }
}

/** The chip's words when a check other than the locator's decides the verdict. */
type FlagShortKey = Extract<
  MessageKey,
  | 'badge.notFound'
  | 'badge.quoteDiffers'
  | 'badge.wrongPage'
  | 'badge.boxesMiss'
  | 'badge.unsupported'
  | 'badge.contradicted'
  | 'badge.otherVersion'
  | 'badge.cannotLoad'
>;

const FLAG_SHORT: Readonly<Record<FlagCode, FlagShortKey | null>> = {
  uncited: null,
  'invalid-marker': null,
  'weak-relevance': null,
  'low-confidence': null,
  'document-level-only': null,
  'quote-not-found': 'badge.notFound',
  'quote-altered': 'badge.quoteDiffers',
  'wrong-page': 'badge.wrongPage',
  'highlight-misses-evidence': 'badge.boxesMiss',
  unsupported: 'badge.unsupported',
  contradicted: 'badge.contradicted',
  'needs-look': null,
  'version-mismatch': 'badge.otherVersion',
  'evidence-unavailable': 'badge.cannotLoad',
};

/** A citation's verdict as a badge: the failed check that darkened it first, then what the locator found. */
export function verdictBadge(verdict: CitationVerdict, t: Translate = EN): StatusBadge {
  const base = statusBadge(verdict.status, t);
  const worst = verdict.worst;
  if (!worst) return base;
  const short = FLAG_SHORT[worst.code];
  return { tone: verdict.tone, short: short ? t(short) : base.short, long: `${flagReason(worst, t)} ${base.long}` };
}

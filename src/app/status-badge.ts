import type { CitationStatus } from '../core/review/types.ts';

// A citation's status (core/review CitationStatus) as the answer pane and the review panel show it: a tone for the
// colour, a few words for the chip, and a sentence for the tooltip. Computed here, once, so both features say the
// same thing about the same citation without importing each other.

export type BadgeTone = 'ok' | 'approx' | 'warn' | 'bad' | 'muted' | 'pending';

export interface StatusBadge {
  tone: BadgeTone;
  short: string;
  long: string;
}

const pages = (page: number, pageEnd?: number) => (pageEnd !== undefined && pageEnd !== page ? `pp. ${page}–${pageEnd}` : `p. ${page}`);
const pct = (score: number) => `${Math.round(score * 100)} %`;

export function statusBadge(status: CitationStatus): StatusBadge {
  switch (status.kind) {
    case 'pending':
      return { tone: 'pending', short: 'checking…', long: 'Not checked yet: the cited document is still loading or being searched.' };
    case 'located':
      return { tone: 'ok', short: pages(status.page, status.pageEnd), long: `Quote found word for word on ${pages(status.page, status.pageEnd)}.` };
    case 'approximate':
      return {
        tone: 'approx',
        short: `≈ ${pct(status.score)} · ${pages(status.page, status.pageEnd)}`,
        long: `Only an approximate match (${pct(status.score)} of the quote's words agree) on ${pages(status.page, status.pageEnd)}.`,
      };
    case 'wrong-page': {
      const claimed = status.claimedPages.length > 0 ? status.claimedPages.join(', ') : '?';
      return {
        tone: 'warn',
        short: `found ${pages(status.foundPage, status.foundPageEnd)}`,
        long: `Cited as page ${claimed}, but the quote is on ${pages(status.foundPage, status.foundPageEnd)}${status.score < 1 ? ` (${pct(status.score)} match)` : ''}.`,
      };
    }
    case 'not-located': {
      const where = status.searched.wholeDocument
        ? `anywhere in the document (all ${status.searched.pageCount} pages searched)`
        : `on the pages searched (${[...status.searched.hintedPages, ...status.searched.nearbyPages].join(', ') || 'none'})`;
      const closest = status.closest ? ` Closest passage: ${pct(status.closest.score)} on ${pages(status.closest.page, status.closest.pageEnd)}.` : '';
      return { tone: 'bad', short: 'not found', long: `The quote is not ${where}.${closest}` };
    }
    case 'no-text-layer':
      return { tone: 'muted', short: 'no text layer', long: 'The document has no text layer (a scan): the quote cannot be checked by its words.' };
    case 'unavailable':
      return { tone: 'bad', short: status.status === 404 ? 'missing' : 'locked', long: status.reason };
    case 'failed':
      return { tone: 'bad', short: 'cannot load', long: status.reason };
    case 'page-level':
      return { tone: 'muted', short: pages(status.page, status.pageEnd), long: `No quote to check: the source points at ${pages(status.page, status.pageEnd)} only.` };
    case 'document-level':
      return { tone: 'muted', short: 'whole document', long: 'No quote and no page: the source names only the document.' };
    case 'unchecked':
      return { tone: 'muted', short: status.label ?? 'not checked', long: status.reason };
    default: {
      const never: never = status;
      return never;
    }
  }
}

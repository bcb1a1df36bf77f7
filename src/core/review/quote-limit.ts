// The longest quote citelens searches for. The locator's fuzzy alignment grows with the quote's length times the
// window it searches: a 1.2 MB quote took the CLI 133 s and 3.7 GB, a 120 KB one blocked the browser for 1.8 s
// (2026-12-01). A real citation quotes a sentence or a chunk (RAG chunks run to a few thousand characters), so past
// MAX_QUOTE_CHARS the quote is not searched: the review, the viewer and the CLI say "quote too long" instead.
// Callers check before calling the locator (src/core/locate stays unaware of the cap).

import { groupedNumber, translateEnglish, type Translate } from '../i18n/translate.ts';
import type { CitationStatus } from './types.ts';

/** Characters (UTF-16 code units, after trimming) a quote may have and still be searched. */
export const MAX_QUOTE_CHARS = 5_000;

export function quoteTooLong(quote: string): boolean {
  return quote.trim().length > MAX_QUOTE_CHARS;
}

/** What the reviewer reads when a quote is not searched because of its length. */
export function quoteTooLongReason(quote: string, t: Translate = translateEnglish): string {
  return t('passage.quoteTooLong', { length: groupedNumber(t, quote.trim().length), limit: groupedNumber(t, MAX_QUOTE_CHARS) });
}

/** The review's status for a quote too long to search: its reason as data (`message`) and in English. */
export function quoteTooLongStatus(quote: string): Extract<CitationStatus, { kind: 'unchecked' }> {
  return { kind: 'unchecked', reason: quoteTooLongReason(quote), label: 'quote too long', message: { kind: 'quote-too-long', length: quote.trim().length } };
}

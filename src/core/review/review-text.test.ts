import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translate.ts';
import { buildAnswerModel } from '../model/answer-model.ts';
import type { Answer } from '../model/types.ts';
import { accessFromHttpStatus, loadedDocumentCheck } from './document-check.ts';
import { quoteTooLongStatus } from './quote-limit.ts';
import { reviewAnswer } from './review-answer.ts';
import { flagReason, reviewText, statusReason, uncheckedLabel } from './review-text.ts';
import type { ReviewChecks, SourceCheck } from './types.ts';

const fa = createTranslator('fa');
const en = createTranslator('en');

const answer: Answer = {
  id: 'a1',
  text: 'Vendor accounts unused for 30 days are disabled automatically [1].',
  documents: [{ id: 'policy', title: 'Vendor Security Policy', url: '/api/documents/policy' }],
  sources: [{ id: 'S1', documentId: 'policy', page: 3, quote: 'Vendor accounts that have not been used for 30 days are disabled automatically.' }],
  citations: [{ n: 1, sourceId: 'S1' }],
};

function review(status: SourceCheck['status']) {
  const checks: ReviewChecks = { documents: { policy: loadedDocumentCheck('policy', { pageCount: 12 }) }, sources: { S1: { sourceId: 'S1', status } } };
  // Through structured clone, as the review worker hands its result to the page.
  return structuredClone(reviewAnswer(answer, buildAnswerModel(answer), checks));
}

describe('the review engine in the UI language', () => {
  it('words a flag in Persian, with Persian digits and quotes, while its English reason stays as it was', () => {
    const flag = review({ kind: 'wrong-page', score: 1, foundPage: 9, claimedPages: [3], rects: [], text: 'x' }).flags.find((f) => f.code === 'wrong-page')!;
    expect(flag.reason).toBe('The quote is on page 9 of “Vendor Security Policy”, not on page 3 as the source says.');
    expect(flagReason(flag)).toBe(flag.reason);
    expect(flagReason(flag, en)).toBe(flag.reason);
    expect(flagReason(flag, fa)).toBe('نقل‌قول در صفحهٔ ۹ از «Vendor Security Policy» است، نه در صفحهٔ ۳ که منبع می‌گوید.');
  });

  it('words what was searched, page lists and scores in Persian', () => {
    const result = review({
      kind: 'not-located',
      searched: { hintedPages: [3], nearbyPages: [1, 2, 4, 5], wholeDocument: true, pageCount: 12, pagesWithoutText: [7, 8] },
      closest: { page: 4, text: 'Vendor accounts are reviewed', score: 0.456, rects: [] },
    });
    const flag = result.flags.find((f) => f.code === 'quote-not-found')!;
    expect(flag.reason).toBe(
      'The quote is not in “Vendor Security Policy”. Searched page 3, pages 1, 2, 4 and 5 around it, then the rest of the document (12 pages in all).' +
        ' Pages 7–8 have no text layer (scanned?), so they were not really searched. The closest passage, on page 4 (score 0.46), reads “Vendor accounts are reviewed”.',
    );
    const persian = flagReason(flag, fa);
    expect(persian).toContain('صفحهٔ ۳، صفحه‌های ۱، ۲، ۴ و ۵ در اطراف آن، سپس باقی سند');
    expect(persian).toContain('صفحه‌های ۷ تا ۸ لایهٔ متنی ندارند');
    expect(persian).toContain('(روی هم ۱۲ صفحه)');
    expect(persian).toContain('(امتیاز ۰٫۴۶)');
    expect(persian).not.toMatch(/[0-9]|Searched|page/u);
  });

  it('words why a citation is not checked, and the chip, in Persian', () => {
    const status = quoteTooLongStatus('x'.repeat(12_345));
    expect(status.reason).toBe('Quote too long to search: 12,345 characters (the limit is 5,000). Compare it with the document yourself.');
    expect(statusReason(status, fa)).toContain('۱۲٬۳۴۵');
    expect(uncheckedLabel(status)).toBe('quote too long');
    expect(uncheckedLabel(status, fa)).toBe('نقل‌قول بیش از حد طولانی');

    const locked = accessFromHttpStatus(403, 'Ask the owner.');
    if (locked.state !== 'unavailable') throw new Error('expected unavailable');
    expect(reviewText(locked.message!, fa)).toBe('سند قفل است: اجازهٔ دیدن آن را ندارید (۴۰۳). پاسخ سرور: «Ask the owner.»');
  });
});

import { describe, expect, it } from 'vitest';
import { ContentTooLargeError } from '../../../core/documents/stream-bombs.ts';
import { createTranslator } from '../../../core/i18n/translate.ts';
import { reviewText } from '../../../core/review/review-text.ts';
import { describeLoadError, DocumentNotInAnswerError, loadFailure } from './load-failure.ts';

const named = (name: string, message: string, status?: number) => Object.assign(new Error(message), { name }, status === undefined ? {} : { status });

// What the viewer pane says and hands to the page (onLoadFailed) when a PDF does not open: the references and the
// review repeat it, so it must name the cause in the reader's words, never pdf.js's ("Invalid PDF structure.").
describe('loadFailure', () => {
  it('names a damaged file, an empty one and a missing one, with the HTTP status when there is one', () => {
    expect(loadFailure(named('InvalidPDFException', 'Invalid PDF structure.'))).toMatchObject({
      status: null,
      reason: 'the file is not a valid PDF (damaged, or not a PDF at all).',
    });
    expect(loadFailure(named('InvalidPDFException', 'The PDF file is empty, i.e. its size is zero bytes.'))).toMatchObject({
      status: null,
      reason: 'the file is empty (0 bytes).',
    });
    expect(loadFailure(named('ResponseException', 'Unexpected server response (404)', 404))).toMatchObject({
      status: 404,
      reason: 'the document was not found on the server (404): its id names no file.',
    });
    expect(loadFailure(named('ResponseException', 'Unexpected server response (503)', 503))).toMatchObject({
      status: 503,
      reason: 'the server failed to send it (HTTP 503).',
    });
  });

  it('names a document the answer does not list, in the UI language', () => {
    const error = new DocumentNotInAnswerError('annex-b');
    expect(describeLoadError(error)).toBe('the answer has no document “annex-b”.');
    expect(describeLoadError(error, createTranslator('fa'))).toContain('«annex-b»');
    expect(describeLoadError(new Error(''))).toBe('unknown error.');
  });

  it('passes a decompression bomb’s reason through', () => {
    const bomb = new ContentTooLargeError({ object: 7, decodedAtLeast: 2 ** 26 + 1, limit: 2 ** 26 });
    expect(loadFailure(bomb)).toMatchObject({
      status: null,
      reason: 'its content is too large to show or search: a stream (object 7) inflates to more than 64 MB, the limit (a decompression bomb?).',
    });
  });

  it('hands the reason over as data too, so the references and the review say it in Persian in a Persian UI', () => {
    const fa = createTranslator('fa');
    const damaged = loadFailure(named('InvalidPDFException', 'Invalid PDF structure.'));
    expect(damaged.problem).toEqual({ key: 'loadError.notPdf' });
    const bomb = loadFailure(new ContentTooLargeError({ object: 7, decodedAtLeast: 2 ** 26 + 1, limit: 2 ** 26 }));
    for (const failure of [damaged, bomb]) {
      const english = reviewText({ kind: 'open-failed', problem: failure.problem });
      expect(english).toBe(`The document could not be opened: ${failure.reason}`);
      const persian = reviewText({ kind: 'open-failed', problem: failure.problem }, fa);
      expect(persian).toMatch(/[\u0600-\u06ff]{3}/);
      expect(persian).not.toMatch(/could not|too large|valid PDF/);
    }
    expect(reviewText({ kind: 'open-failed', problem: bomb.problem }, fa)).toContain('۶۴');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextIndex } from '../locate/text-index.ts';
import { syntheticPage } from '../locate/synthetic.ts';
import { accessFromHttpStatus, loadedDocumentCheck, textLayerOf } from './document-check.ts';
import { summarizeReviewReport } from './review-report.ts';
import { resolveConfig } from './types.ts';

describe('the backend review report', () => {
  it('reads the query agent’s report, worst note first', () => {
    const s = summarizeReviewReport({
      groundingStatus: 'partially_grounded',
      consistencyStatus: 'conflict_detected',
      completenessStatus: 'complete',
      retryCount: 2,
    });
    expect(s).toMatchObject({
      groundingStatus: 'partially_grounded',
      consistencyStatus: 'conflict_detected',
      completenessStatus: 'complete',
      retryCount: 2,
      unreadable: [],
    });
    expect(s!.notes.map((n) => n.severity)).toEqual(['error', 'warning', 'warning', 'info']);
    expect(s!.notes[0]!.text).toContain('contradict each other');
    expect(s!.notes.some((n) => n.text.includes('retried 2 times'))).toBe(true);
  });

  it('reads a clean report as information only', () => {
    const s = summarizeReviewReport({ groundingStatus: 'grounded', consistencyStatus: 'consistent', completenessStatus: 'complete', retryCount: 0 });
    expect(s!.notes.every((n) => n.severity === 'info')).toBe(true);
    expect(s!.notes).toHaveLength(3);
  });

  it('accepts snake_case keys', () => {
    expect(summarizeReviewReport({ grounding_status: 'ungrounded', retry_count: 1 })).toMatchObject({ groundingStatus: 'ungrounded', retryCount: 1 });
  });

  it('names unreadable fields and keeps the readable ones', () => {
    const s = summarizeReviewReport({ groundingStatus: 'mostly', consistencyStatus: 'consistent', retryCount: -1 });
    expect(s).toMatchObject({ consistencyStatus: 'consistent', unreadable: ['groundingStatus', 'retryCount'] });
    expect(s!.groundingStatus).toBeUndefined();
  });

  it('is null without a report, and says so when the report is not an object', () => {
    expect(summarizeReviewReport(undefined)).toBeNull();
    expect(summarizeReviewReport(null)).toBeNull();
    expect(summarizeReviewReport('grounded')).toEqual({ notes: [], unreadable: ['reviewReport'] });
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.anything(), (x) => void summarizeReviewReport(x)));
  });
});

describe('document checks', () => {
  it('maps HTTP statuses to access states', () => {
    expect(accessFromHttpStatus(200)).toEqual({ state: 'ok' });
    expect(accessFromHttpStatus(206)).toEqual({ state: 'ok' });
    expect(accessFromHttpStatus(403, 'Document "x" is not accessible.')).toEqual({
      state: 'unavailable',
      status: 403,
      reason: 'The document is locked: you are not allowed to see it (403). The server said: “Document "x" is not accessible.”',
      message: { kind: 'access-denied', status: 403, serverSaid: 'Document "x" is not accessible.' },
    });
    expect(accessFromHttpStatus(404)).toMatchObject({ state: 'unavailable', status: 404 });
    expect(accessFromHttpStatus(401)).toMatchObject({ state: 'unavailable', status: 401 });
    expect(accessFromHttpStatus(500)).toEqual({
      state: 'failed',
      reason: 'The document could not be fetched (HTTP 500).',
      message: { kind: 'fetch-failed', httpStatus: 500 },
    });
  });

  it('keeps the served version only when there is one', () => {
    expect(loadedDocumentCheck('d', { version: ' 2026-03 ', pageCount: 3 })).toEqual({
      documentId: 'd',
      access: { state: 'ok' },
      pageCount: 3,
      servedVersion: '2026-03',
    });
    expect(loadedDocumentCheck('d', { version: null, pageCount: 3 }).servedVersion).toBeUndefined();
  });

  it('tells a text layer from its index', () => {
    const index = new TextIndex(2);
    expect(textLayerOf(index, 2)).toBeUndefined();
    index.addPage(syntheticPage(1, []));
    expect(textLayerOf(index, 2)).toBeUndefined();
    index.addPage(syntheticPage(2, []));
    expect(textLayerOf(index, 2)).toBe(false);
    const withText = new TextIndex(2);
    withText.addPage(syntheticPage(2, [{ text: 'words', x: 72, y: 700 }]));
    expect(textLayerOf(withText, 2)).toBe(true);
  });
});

describe('config', () => {
  it('fills defaults and ignores values outside 0..1', () => {
    expect(resolveConfig()).toMatchObject({ relevanceThreshold: 0.5, confidenceThreshold: 0.7 });
    expect(resolveConfig({ relevanceThreshold: 0.3, confidenceThreshold: 7, supportFloor: Number.NaN })).toMatchObject({
      relevanceThreshold: 0.3,
      confidenceThreshold: 0.7,
      supportFloor: 0.5,
    });
  });
});

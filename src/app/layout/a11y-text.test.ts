import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { citationAnnouncement, pageTitle } from './a11y-text.ts';
import { highlightDescription } from '../../features/viewer/highlights/highlight-label.ts';

describe('pageTitle', () => {
  it('names the home page, a loading answer, an answer, its document and the open citation', () => {
    expect(pageTitle({ kind: 'home' })).toBe('Answers – citelens');
    expect(pageTitle({ kind: 'loading', answerId: 'vendor-access' })).toBe('Loading answer vendor-access – citelens');
    expect(pageTitle({ kind: 'answer', answer: 'How must vendors protect access?' })).toBe('How must vendors protect access? – citelens');
    expect(pageTitle({ kind: 'answer', answer: 'Q?', document: 'Vendor Security Policy' })).toBe('Vendor Security Policy – Q? – citelens');
    expect(pageTitle({ kind: 'answer', answer: 'Q?', document: 'Vendor Security Policy', cite: '2' })).toBe(
      'Citation 2, Vendor Security Policy – Q? – citelens',
    );
  });

  it('cuts a long question at a word and flattens its line breaks, keeping the app name last', () => {
    const question = `Which ${'very '.repeat(30)}long\nquestion is this?`;
    const title = pageTitle({ kind: 'answer', answer: question });
    expect(title).toMatch(/^Which very (very )+very…\u0020– citelens$/);
    expect(title).not.toContain('\n');
    expect(title.length).toBeLessThan(90);
  });

  it('never loses the app name and never says "undefined", whatever the texts are', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.string({ minLength: 1, maxLength: 3 }), { nil: undefined }),
        (answer, document, cite) => {
          const title = pageTitle({ kind: 'answer', answer, ...(document !== undefined && { document }), ...(cite !== undefined && { cite }) });
          expect(title.endsWith('citelens')).toBe(true);
          expect(title).not.toContain('undefined');
        },
      ),
    );
  });
});

describe('citationAnnouncement', () => {
  it('says the citation, the document, the page and the region on screen', () => {
    expect(citationAnnouncement({ key: '2', document: 'Report.pdf', page: 4, found: true, region: 0, regions: 3 })).toBe(
      'Citation 2 — Report.pdf, page 4, region 1 of 3',
    );
    expect(citationAnnouncement({ key: '2', document: 'Report.pdf', page: 5, found: true, region: 2, regions: 3 })).toBe(
      'Citation 2 — Report.pdf, page 5, region 3 of 3',
    );
  });

  it('says "highlighted" for a one-region passage, and "passage not found" when the viewer could not place it', () => {
    expect(citationAnnouncement({ key: 'S1', document: 'Runbook', found: true, region: 0, regions: 1 })).toBe('Citation S1 — Runbook, highlighted');
    expect(citationAnnouncement({ key: '3', document: 'Policy', page: 7, found: false, region: 0, regions: 0 })).toBe(
      'Citation 3 — Policy, page 7, passage not found',
    );
  });
});

describe('highlightDescription', () => {
  it('names the citation and the region, and which region is on screen', () => {
    expect(highlightDescription({ markerKey: '2', regions: 3 }, 1, true)).toBe('Citation 2, cited passage, region 2 of 3 (shown)');
    expect(highlightDescription({ markerKey: '2', regions: 3 }, 0, false)).toBe('Citation 2, cited passage, region 1 of 3');
    expect(highlightDescription({ markerKey: '4', regions: 1 }, 0, true)).toBe('Citation 4, cited passage');
    expect(highlightDescription({ markerKey: '', regions: 0 }, 0, false)).toBe('Cited passage');
  });
});

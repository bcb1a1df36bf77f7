import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAnswerModel } from '../model/answer-model.ts';
import type { Answer, Source } from '../model/types.ts';
import { accessFromHttpStatus, loadedDocumentCheck } from './document-check.ts';
import { reviewAnswer } from './review-answer.ts';
import type { CitationStatus, FlagCode, ReviewChecks, ReviewConfig, ReviewResult, SourceCheck } from './types.ts';

const DOC = { id: 'policy', title: 'Vendor Security Policy', url: '/api/documents/policy' };
const QUOTE = 'Vendor accounts that have not been used for 30 days are disabled automatically.';

function answer(over: Partial<Answer> = {}, source: Partial<Source> = {}): Answer {
  return {
    id: 'a1',
    text: 'Vendor accounts unused for 30 days are disabled automatically [1].',
    documents: [DOC],
    sources: [{ id: 'S1', documentId: 'policy', page: 3, quote: QUOTE, ...source }],
    citations: [{ n: 1, sourceId: 'S1' }],
    ...over,
  };
}

const located: SourceCheck = { sourceId: 'S1', status: { kind: 'located', page: 3, rects: [{ page: 3, x0: 1, y0: 2, x1: 3, y1: 4 }] } };
const okDoc = (version?: string) => ({ policy: loadedDocumentCheck('policy', { pageCount: 12, version }) });

function review(a: Answer, checks: ReviewChecks = { documents: okDoc(), sources: { S1: located } }, config: Partial<ReviewConfig> = {}): ReviewResult {
  return reviewAnswer(a, buildAnswerModel(a), checks, config);
}

const codes = (r: ReviewResult) => r.flags.map((f) => f.code);
const withStatus = (status: CitationStatus): ReviewChecks => ({ documents: okDoc(), sources: { S1: { sourceId: 'S1', status } } });
const only = (r: ReviewResult, code: FlagCode) => {
  const found = r.flags.filter((f) => f.code === code);
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('a clean answer', () => {
  it('has no flags, and its marker shows the located status', () => {
    const r = review(answer());
    expect(r.flags).toEqual([]);
    expect(r.counts).toEqual({ error: 0, warning: 0, info: 0 });
    expect(r.sources.S1).toEqual(located.status);
    expect(r.claims).toHaveLength(1);
    expect(r.claims[0]!.citations[0]).toMatchObject({ key: '1', sourceId: 'S1', status: { kind: 'located' }, support: { by: 'lexical' } });
  });
});

describe('uncited', () => {
  it('flags a content sentence without a marker, pointing at its span', () => {
    const a = answer({ text: 'Vendor accounts unused for 30 days are disabled automatically [1]. Passwords expire every 90 days.' });
    const f = only(review(a), 'uncited');
    expect(f.severity).toBe('warning');
    expect(a.text.slice(f.evidence.answerStart, f.evidence.answerEnd)).toBe('Passwords expire every 90 days.');
    expect(review(a).claims[1]!.flags.map((x) => x.code)).toEqual(['uncited']);
  });

  it('does not flag a cited sentence', () => {
    expect(codes(review(answer()))).not.toContain('uncited');
  });
});

describe('invalid marker', () => {
  it('flags a marker that names no source, inside its claim', () => {
    const a = answer({ text: 'Vendor accounts unused for 30 days are disabled automatically [1][7].' });
    const r = review(a);
    const f = only(r, 'invalid-marker');
    expect(f).toMatchObject({ severity: 'error', evidence: { key: '7', claimId: r.claims[0]!.claimId } });
    expect(f.reason).toBe('The marker [7] points to no source (the answer lists 1 source).');
    expect(a.text.slice(f.evidence.answerStart, f.evidence.answerEnd)).toBe('7');
  });

  it('puts a bad marker outside every claim on the answer', () => {
    const a = answer({ text: '## Accounts [9]\n\nVendor accounts unused for 30 days are disabled automatically [1].' });
    const r = review(a);
    expect(r.answerFlags.map((f) => f.code)).toEqual(['invalid-marker']);
  });

  it('does not flag markers that resolve', () => {
    expect(codes(review(answer()))).not.toContain('invalid-marker');
  });
});

describe('weak relevance', () => {
  it('flags relevance below 0.5 by default, and honours the configured threshold', () => {
    const f = only(review(answer({}, { relevance: 0.42 })), 'weak-relevance');
    expect(f.reason).toContain('0.42, below 0.50');
    expect(codes(review(answer({}, { relevance: 0.42 }), undefined, { relevanceThreshold: 0.4 }))).not.toContain('weak-relevance');
    expect(codes(review(answer({}, { relevance: 0.55 }), undefined, { relevanceThreshold: 0.6 }))).toContain('weak-relevance');
  });

  it('does not flag good or missing relevance', () => {
    expect(codes(review(answer({}, { relevance: 0.93 })))).not.toContain('weak-relevance');
    expect(codes(review(answer()))).not.toContain('weak-relevance');
  });
});

describe('low confidence (answer-level)', () => {
  it('flags confidence below 0.7 on the answer, not on a claim', () => {
    const r = review(answer({ confidence: 0.62 }));
    expect(r.answerFlags).toHaveLength(1);
    expect(r.answerFlags[0]).toMatchObject({ code: 'low-confidence', severity: 'warning', details: { score: 0.62, threshold: 0.7 } });
    expect(r.claims[0]!.flags).toEqual([]);
  });

  it('does not flag confident answers; the threshold is configurable', () => {
    expect(review(answer({ confidence: 0.86 })).answerFlags).toEqual([]);
    expect(review(answer({ confidence: 0.86 }), undefined, { confidenceThreshold: 0.9 }).answerFlags).toHaveLength(1);
  });
});

describe('locator-backed flags', () => {
  it('quote not found: error naming what was searched and the closest passage', () => {
    const r = review(
      answer(),
      withStatus({
        kind: 'not-located',
        searched: { hintedPages: [3], nearbyPages: [1, 2, 4, 5], wholeDocument: true, pageCount: 12, pagesWithoutText: [] },
        closest: { page: 7, text: 'Accounts unused for 60 days are locked.', score: 0.41, rects: [] },
      }),
    );
    const f = only(r, 'quote-not-found');
    expect(f.severity).toBe('error');
    expect(f.reason).toBe(
      'The quote is not in “Vendor Security Policy”. Searched page 3, pages 1, 2, 4 and 5 around it, then the rest of the document (12 pages in all). The closest passage, on page 7 (score 0.41), reads “Accounts unused for 60 days are locked.”.',
    );
    expect(f.evidence).toMatchObject({ sourceId: 'S1', documentId: 'policy', page: 7 });
    expect(r.claims[0]!.flags.map((x) => x.code)).toContain('quote-not-found');
    expect(r.claims[0]!.citations[0]!.flags[0]!.evidence.claimId).toBe(r.claims[0]!.claimId);
  });

  it('an approximate match (text-layer noise only): a note with the score and the document’s words, never a warning', () => {
    const f = only(
      review(answer(), withStatus({ kind: 'approximate', score: 0.82, page: 3, rects: [], text: 'Vendor accounts not used for 30 days are disabled.' })),
      'quote-altered',
    );
    expect(f.severity).toBe('info');
    expect(f.reason).toBe(
      'The quote is on page 3 of “Vendor Security Policy”, apart from spacing, punctuation or characters its text layer misreads (score 0.82): the document reads “Vendor accounts not used for 30 days are disabled.”.',
    );
  });

  it('a quote that differs from its passage: an error naming what the quote and the page say', () => {
    const differences = [
      { kind: 'number' as const, quote: '60 days', document: '30 days', rects: [{ page: 3, x0: 1, y0: 2, x1: 3, y1: 4 }] },
      { kind: 'negation' as const, quote: 'are disabled', document: 'are not disabled', rects: [] },
    ];
    const r = review(
      answer(),
      withStatus({
        kind: 'differs',
        score: 0.86,
        page: 3,
        claimedPages: [3],
        rects: [],
        text: 'Vendor accounts not used for 30 days are not disabled.',
        differences,
      }),
    );
    const f = only(r, 'quote-altered');
    expect(f.severity).toBe('error');
    expect(f.reason).toBe('The quote says “60 days”; page 3 of “Vendor Security Policy” says “30 days”. And 1 more difference.');
    // the flag opens the document's differing words
    expect(f.evidence).toMatchObject({ page: 3, rects: [{ page: 3, x0: 1, y0: 2, x1: 3, y1: 4 }] });
  });

  it('wrong page: names the page found and the page claimed', () => {
    const r = review(answer(), withStatus({ kind: 'wrong-page', score: 1, foundPage: 9, claimedPages: [3], rects: [], text: QUOTE }));
    const f = only(r, 'wrong-page');
    expect(f.reason).toBe('The quote is on page 9 of “Vendor Security Policy”, not on page 3 as the source says.');
    expect(f.evidence.page).toBe(9);
    expect(codes(r)).not.toContain('quote-altered');
  });

  it('a fuzzy match on the wrong page is both', () => {
    const r = review(answer(), withStatus({ kind: 'wrong-page', score: 0.7, foundPage: 9, claimedPages: [3], rects: [], text: 'similar words' }));
    expect(codes(r).sort()).toEqual(['quote-altered', 'wrong-page']);
  });

  it('no text layer: a warning that the quote cannot be checked by text', () => {
    const f = only(review(answer(), withStatus({ kind: 'no-text-layer', pageCount: 12 })), 'quote-not-found');
    expect(f.severity).toBe('warning');
    expect(f.reason).toContain('has no text layer');
  });

  it('no locator flag while pending or when located', () => {
    expect(review(answer(), { documents: okDoc() }).flags).toEqual([]);
    expect(review(answer(), { documents: okDoc() }).sources.S1).toEqual({ kind: 'pending' });
    expect(review(answer(), {}).sources.S1).toEqual({ kind: 'pending' });
  });

  it('highlight misses evidence: the boxes cover other words', () => {
    const boxes = { pages: [3], text: 'Passwords must be at least 14 characters long.', coverage: 0.1, matches: false, pagesWithoutText: [] };
    const f = only(review(answer(), { documents: okDoc(), sources: { S1: { ...located, boxes } } }), 'highlight-misses-evidence');
    expect(f.reason).toBe("The highlighted boxes on page 3 cover “Passwords must be at least 14 characters long.”: only 10% of the quote's words are there.");
    const good = { ...boxes, text: QUOTE, coverage: 1, matches: true };
    expect(codes(review(answer(), { documents: okDoc(), sources: { S1: { ...located, boxes: good } } }))).toEqual([]);
    const unknown = { ...boxes, text: '', coverage: null, matches: null, pagesWithoutText: [3] };
    expect(codes(review(answer(), { documents: okDoc(), sources: { S1: { ...located, boxes: unknown } } }))).toEqual([]);
  });
});

describe('document-level only', () => {
  it('flags a source with no page and no box, saying where the quote was found', () => {
    const r = review(answer({}, { page: undefined }), withStatus({ kind: 'located', page: 5, rects: [] }));
    const f = only(r, 'document-level-only');
    expect(f.severity).toBe('info');
    expect(f.reason).toBe('The source names no page or region of “Vendor Security Policy” (12 pages); the quote was found on page 5.');
    expect(f.evidence.page).toBe(5);
  });

  it('does not flag a source with a page, with boxes, located by offsets, or in a web page', () => {
    expect(codes(review(answer()))).not.toContain('document-level-only');
    expect(codes(review(answer({}, { page: undefined, boxes: [{ page: 2, x0: 0, y0: 0, x1: 9, y1: 9 }] })))).not.toContain('document-level-only');
    expect(codes(review(answer({}, { page: undefined, location: { charStart: 5, charEnd: 40 } })))).not.toContain('document-level-only');
    const web = answer({ documents: [{ ...DOC, mediaType: 'text/html' }] }, { page: undefined });
    expect(codes(review(web))).not.toContain('document-level-only');
    const text = answer({ documents: [{ ...DOC, title: 'facts.txt' }] }, { page: undefined });
    expect(codes(review(text, {}))).not.toContain('document-level-only');
    const site = answer({ documents: [{ ...DOC, url: 'https://example.org/weather' }] }, { page: undefined });
    expect(codes(review(site, {}))).not.toContain('document-level-only');
    const pdfSite = answer({ documents: [{ ...DOC, url: 'https://example.org/policy.pdf' }] }, { page: undefined });
    expect(codes(review(pdfSite, {}))).toContain('document-level-only');
  });
});

describe('version mismatch', () => {
  it('flags a source version that differs from the served one', () => {
    const f = only(review(answer({}, { documentVersion: '2025-11' }), { documents: okDoc('2026-03'), sources: { S1: located } }), 'version-mismatch');
    expect(f.reason).toBe(
      'The source was taken from version “2025-11” of “Vendor Security Policy”, but the server serves version “2026-03”: pages and wording may differ.',
    );
    expect(f.details).toEqual({ expectedVersion: '2025-11', servedVersion: '2026-03' });
  });

  it('falls back to the document’s listed version', () => {
    const a = answer({ documents: [{ ...DOC, version: '2025-11' }] });
    expect(codes(review(a, { documents: okDoc('2026-03'), sources: { S1: located } }))).toEqual(['version-mismatch']);
  });

  it('does not flag equal versions or a server that sends none', () => {
    expect(codes(review(answer({}, { documentVersion: '2026-03' }), { documents: okDoc('2026-03'), sources: { S1: located } }))).toEqual([]);
    expect(codes(review(answer({}, { documentVersion: '2026-03' }), { documents: okDoc(), sources: { S1: located } }))).toEqual([]);
  });
});

describe('evidence unavailable', () => {
  for (const [status, words] of [
    [401, 'needs you to sign in (401)'],
    [403, 'is locked: you are not allowed to see it (403)'],
    [404, 'was not found (404)'],
  ] as const) {
    it(`${status}: an error naming the reason, and none of the document's content`, () => {
      const r = review(answer(), { documents: { policy: { documentId: 'policy', access: accessFromHttpStatus(status) } } });
      const f = only(r, 'evidence-unavailable');
      expect(f.severity).toBe('error');
      expect(f.reason).toBe(`“Vendor Security Policy” ${words}, so this citation cannot be checked; its content is not shown.`);
      expect(r.sources.S1).toMatchObject({ kind: 'unavailable', status });
      // no support judgement either: it would say what the locked passage does or does not contain
      expect(codes(r)).toEqual(['evidence-unavailable']);
      expect(r.claims[0]!.citations[0]!.support).toBeUndefined();
      expect(JSON.stringify(r.flags)).not.toContain('disabled automatically.”');
    });
  }

  it('wins over a stale source check, and a load failure says why', () => {
    const r = review(answer(), { documents: { policy: { documentId: 'policy', access: accessFromHttpStatus(404) } }, sources: { S1: located } });
    expect(r.sources.S1?.kind).toBe('unavailable');
    const failed = review(answer(), { documents: { policy: { documentId: 'policy', access: { state: 'failed', reason: 'Invalid PDF structure.' } } } });
    expect(only(failed, 'evidence-unavailable').reason).toContain('could not be loaded, so this citation cannot be checked: Invalid PDF structure.');
  });

  it('does not flag a document that loaded', () => {
    expect(codes(review(answer()))).not.toContain('evidence-unavailable');
  });
});

describe('unsupported', () => {
  it('calls a claim contradicted when its quote gives another value for the same quantity, naming both', () => {
    const a = answer({ text: 'Vendor accounts unused for 60 days are disabled automatically [1].' });
    const f = only(review(a), 'contradicted');
    expect(f).toMatchObject({
      severity: 'error',
      evidence: { key: '1', sourceId: 'S1', claimId: review(a).claims[0]!.claimId },
      details: { verdict: 'contradicted' },
    });
    expect(f.reason).toBe('Contradicted: the claim says 60 days, the passage says 30 days.');
    expect(review(a).claims[0]!.citations[0]!.support).toMatchObject({
      by: 'lexical',
      verdict: 'contradicted',
      contradiction: { cause: 'value', claim: '60 days', passage: '30 days' },
    });
  });

  it('says "needs a look" (info, never an error) when the quote does not state a value of the claim', () => {
    const a = answer({ text: 'Vendor accounts are disabled automatically after 3 warnings [1].' });
    const f = only(review(a), 'needs-look');
    expect(f.severity).toBe('info');
    expect(f.reason).toBe('Needs a look: the cited passage does not state “3 warnings”.');
    expect(review(a).claims[0]!.citations[0]!.support?.verdict).toBe('needs-look');
  });

  it('marks a claim its quote states "supported", with no flag', () => {
    const r = review(answer({ text: 'Vendor accounts not used for 30 days are disabled automatically [1].' }));
    expect(codes(r)).toEqual([]);
    expect(r.claims[0]!.citations[0]!.support?.verdict).toBe('supported');
  });

  it('judges citations sharing a span together', () => {
    const a = answer({
      text: 'Unused accounts are disabled after 30 days and passwords expire after 90 days [1][2].',
      citations: [
        { n: 1, sourceId: 'S1' },
        { n: 2, sourceId: 'S2' },
      ],
    });
    a.sources.push({ id: 'S2', documentId: 'policy', page: 4, quote: 'Passwords expire after 90 days.' });
    const r = review(a, { documents: okDoc(), sources: { S1: located, S2: { ...located, sourceId: 'S2' } } });
    expect(codes(r)).not.toContain('unsupported');
    expect(codes(r)).not.toContain('needs-look');
    const one = review(answer({ text: a.text.replace('[1][2]', '[1]') }));
    expect(one.flags.find((f) => f.code === 'needs-look')?.reason).toBe('Needs a look: the cited passage does not state “90 days”.');
  });

  it('lets the backend verdict take precedence', () => {
    const mismatch = 'Vendor accounts unused for 60 days are disabled automatically [1].';
    const contradicted = only(review(answer({ text: mismatch }, { support: { verdict: 'contradicted' } })), 'contradicted');
    expect(contradicted.severity).toBe('error');
    expect(contradicted.reason).toBe("The source's own support check says the cited passage contradicts this claim.");
    expect(only(review(answer({}, { support: { verdict: 'unsupported', score: 0.2 } })), 'unsupported').severity).toBe('error');
    expect(only(review(answer({}, { support: { verdict: 'partial' } })), 'unsupported').severity).toBe('warning');
    expect(only(review(answer({}, { support: { score: 0.3 } })), 'unsupported').reason).toContain('0.30, below 0.50');
    // a backend "supported" silences the rules, which would have found 60 days against 30
    expect(codes(review(answer({ text: mismatch }, { support: { verdict: 'supported' } })))).toEqual([]);
    // "unknown" is no verdict: the rules run
    expect(codes(review(answer({ text: mismatch }, { support: { verdict: 'unknown' } })))).toEqual(['contradicted']);
    expect(review(answer({}, { support: { verdict: 'supported', score: 0.9 } })).claims[0]!.citations[0]!.support).toEqual({
      score: 0.9,
      by: 'backend',
      verdict: 'supported',
      backendVerdict: 'supported',
      missing: [],
    });
  });

  it('a backend "supported" for one citation of a shared span settles the span', () => {
    const a = answer(
      {
        text: 'Vendor accounts unused for 60 days are disabled automatically [1][2].',
        citations: [
          { n: 1, sourceId: 'S1' },
          { n: 2, sourceId: 'S2' },
        ],
      },
      { support: { verdict: 'supported' } },
    );
    a.sources.push({ id: 'S2', documentId: 'policy', page: 4, quote: 'Accounts are reviewed every quarter.' });
    expect(codes(review(a, { documents: okDoc(), sources: { S1: located, S2: { ...located, sourceId: 'S2' } } }))).toEqual([]);
    a.sources[0]!.support = undefined;
    expect(codes(review(a, { documents: okDoc(), sources: { S1: located, S2: { ...located, sourceId: 'S2' } } }))).toEqual(['contradicted']);
  });

  it('makes no judgement on a placeholder passage', () => {
    const a = answer({ text: 'Refunds are issued within 30 days [1].' }, { quote: undefined, text: '...' });
    expect(codes(review(a, { documents: okDoc() }))).toEqual([]);
    expect(review(a, { documents: okDoc() }).claims[0]!.citations[0]!.support).toBeUndefined();
  });

  it('accepts a claim that names the cited document by its title', () => {
    const a = answer({ text: 'Under the Vendor Security Policy, accounts unused for 30 days are disabled automatically [1].' });
    expect(codes(review(a))).toEqual([]);
  });
});

describe('robustness', () => {
  it('never throws on malformed answers and checks', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (text, sources, checks) => {
        const a = { id: 'x', text, documents: [DOC], sources } as unknown as Answer;
        const r = reviewAnswer(a, buildAnswerModel(a), (checks && typeof checks === 'object' ? checks : {}) as ReviewChecks);
        expect(r.counts.error + r.counts.warning + r.counts.info).toBe(r.flags.length);
      }),
      { numRuns: 200 },
    );
  });

  it('counts every distinct finding once, worst first', () => {
    const a = answer({ text: 'Accounts unused for 60 days are disabled [1]. Passwords expire yearly. See also [4].', confidence: 0.5 }, { relevance: 0.3 });
    const r = review(a);
    expect(r.flags.map((f) => f.severity)).toEqual(
      [...r.flags.map((f) => f.severity)].sort((x, y) => ['error', 'warning', 'info'].indexOf(x) - ['error', 'warning', 'info'].indexOf(y)),
    );
    expect(codes(r).sort()).toEqual(['contradicted', 'invalid-marker', 'low-confidence', 'uncited', 'weak-relevance']);
    expect(r.counts).toEqual({ error: 2, warning: 3, info: 0 });
  });
});

describe('sources citelens cannot search', () => {
  it('a web page or a generated file is "unchecked" with the reason, never "checking…" forever', () => {
    const web = answer({ documents: [{ id: 'policy', title: 'Policy page', url: 'https://example.com/policy' }] });
    expect(review(web, {}).sources.S1).toEqual({ kind: 'unchecked', reason: expect.stringMatching(/web page/), message: { kind: 'web-or-text' } });
    const generated = answer({ documents: [{ ...DOC, generated: { fileId: 'cfile_1', containerId: 'cntr_1' } }] });
    expect(review(generated, {}).sources.S1).toEqual({
      kind: 'unchecked',
      reason: expect.stringMatching(/generated this file/),
      message: { kind: 'generated-file' },
    });
  });

  it('a document served by our own origin under an absolute URL is a stored file ("checking…"), not a web page', () => {
    const served = answer({ documents: [{ ...DOC, url: 'http://app.test/api/documents/policy' }] });
    const model = buildAnswerModel(served);
    expect(reviewAnswer(served, model, {}, {}, ['http://app.test']).sources.S1).toEqual({ kind: 'pending' });
    expect(reviewAnswer(served, model, {}, {}, ['http://other.test']).sources.S1).toMatchObject({ kind: 'unchecked' });
  });

  it('a quoted Markdown source of ours is "checking…" until its text is checked; one on the web is not checked', () => {
    const md = answer({ documents: [{ ...DOC, url: '/api/documents/runbook', mediaType: 'text/markdown' }] });
    expect(review(md, {}).sources.S1).toEqual({ kind: 'pending' });
    const remote = answer({ documents: [{ ...DOC, url: 'https://example.com/runbook.md' }] });
    expect(review(remote, {}).sources.S1).toMatchObject({ kind: 'unchecked' });
  });

  it('a stored PDF not yet checked stays pending', () => {
    expect(review(answer(), {}).sources.S1).toEqual({ kind: 'pending' });
  });
});

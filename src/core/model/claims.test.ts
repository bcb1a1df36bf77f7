import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { extractClaims, fnv1a, normalizeClaim, type Claim } from './claims.ts';
import { cpuMs } from '../../testing/cpu-time.ts';

const texts = (claims: Claim[]) => claims.map((c) => c.text);
const subs = (text: string, claim: Claim) => claim.citations.map((c) => [c.key, text.slice(c.answerStart, c.answerEnd)]);

describe('extractClaims: English', () => {
  it('splits sentences and keeps each marker with its sentence', () => {
    const text = 'Refunds are issued within 30 days [1]. Opened items are excluded [2].';
    const claims = extractClaims(text);
    expect(texts(claims)).toEqual(['Refunds are issued within 30 days [1].', 'Opened items are excluded [2].']);
    expect(subs(text, claims[0]!)).toEqual([['1', 'Refunds are issued within 30 days']]);
    expect(claims[1]!.citations[0]).toMatchObject({ key: '2', sourceId: '2' });
    const c = claims[1]!.citations[0]!;
    expect(text.slice(c.markerStart, c.markerEnd)).toBe('2');
  });

  it('reads [1][3], [1, 3] and [S2], one citation per ref, sharing the sub-span', () => {
    const text = 'Logs are kept 90 days [1][3]. Backups are encrypted [1, 3]. MFA is required [S2].';
    const claims = extractClaims(text);
    expect(claims).toHaveLength(3);
    expect(subs(text, claims[0]!)).toEqual([
      ['1', 'Logs are kept 90 days'],
      ['3', 'Logs are kept 90 days'],
    ]);
    expect(subs(text, claims[1]!)).toEqual([
      ['1', 'Backups are encrypted'],
      ['3', 'Backups are encrypted'],
    ]);
    expect(subs(text, claims[2]!)).toEqual([['S2', 'MFA is required']]);
    expect(claims[0]!.markers.map((m) => m.raw)).toEqual(['[1]', '[3]']);
  });

  it('gives each marker the text since the previous marker', () => {
    const text = 'Data is encrypted at rest [1], and keys rotate yearly [2].';
    const [claim] = extractClaims(text);
    expect(subs(text, claim!)).toEqual([
      ['1', 'Data is encrypted at rest'],
      ['2', 'and keys rotate yearly'],
    ]);
  });

  it('gives a lone marker followed by words the whole claim', () => {
    const text = 'According to [1], vendors must use MFA.';
    const [claim] = extractClaims(text);
    expect(subs(text, claim!)).toEqual([['1', text]]);
  });

  it('keeps a marker written after the period with the sentence before it', () => {
    for (const text of [
      'Vendors must use MFA. [1] Logs are kept.',
      'Vendors must use MFA.[1] Logs are kept.',
      'Vendors must use MFA. [1][2]\nLogs are kept.',
    ]) {
      const claims = extractClaims(text);
      expect(claims).toHaveLength(2);
      expect(claims[0]!.text.startsWith('Vendors must use MFA.')).toBe(true);
      expect(claims[0]!.citations[0]!.key).toBe('1');
      expect(claims[1]!.text).toBe('Logs are kept.');
      expect(claims[1]!.citations).toEqual([]);
    }
    const text = 'Vendors must use MFA. [1]';
    expect(subs(text, extractClaims(text)[0]!)).toEqual([['1', 'Vendors must use MFA']]);
  });

  it('does not split after common abbreviations', () => {
    expect(texts(extractClaims('Dr. Smith approved it [1]. See Fig. 3 for details. Use e.g. Okta [2].'))).toEqual([
      'Dr. Smith approved it [1].',
      'See Fig. 3 for details.',
      'Use e.g. Okta [2].',
    ]);
  });

  it('reports uncited sentences as claims with no citations and no markers', () => {
    const claims = extractClaims('MFA is required [1]. Nobody checks it.');
    expect(claims[1]).toMatchObject({ text: 'Nobody checks it.', citations: [], markers: [] });
  });

  it('keeps invalid markers in markers but not in citations', () => {
    const claims = extractClaims('MFA is required [9].', { resolve: (k) => (k === '1' ? 'S1' : undefined) });
    expect(claims[0]!.citations).toEqual([]);
    expect(claims[0]!.markers.map((m) => m.raw)).toEqual(['[9]']);
  });

  it('resolves keys through the resolver', () => {
    const [claim] = extractClaims('MFA is required [2].', { resolve: (k) => (k === '2' ? 'S7' : undefined) });
    expect(claim!.citations[0]).toMatchObject({ key: '2', sourceId: 'S7' });
  });
});

describe('extractClaims: markdown blocks', () => {
  const md = [
    '# Security policy',
    '',
    'Vendors must use MFA [1]. What about contractors? They must too [2].',
    '',
    '- Logs are kept 90 days [3]',
    '- ',
    '* Backups are encrypted',
    '1. Keys rotate yearly [4].',
    '2) Access is reviewed',
    '- [x] Task items count',
    '',
    '## Details',
    'Setext heading',
    '==============',
    '',
    '```',
    'const a = b[1]. Not a claim.',
    '```',
    '',
    '> Quoted policy text',
    '> continues here [5].',
    '',
    '| Control | Status |',
    '| --- | --- |',
    '| MFA | Required [1] |',
    '',
    '---',
    'Final words without a full stop',
  ].join('\n');

  it('bounds sentences by blocks and skips headings, questions, empty bullets and code', () => {
    expect(texts(extractClaims(md))).toEqual([
      'Vendors must use MFA [1].',
      'They must too [2].',
      'Logs are kept 90 days [3]',
      'Backups are encrypted',
      'Keys rotate yearly [4].',
      'Access is reviewed',
      'Task items count',
      'Quoted policy text\n> continues here [5].',
      'MFA | Required [1]',
      'Final words without a full stop',
    ]);
  });

  it('reads no claim and no marker in indented code, and no marker from an escaped bracket', () => {
    const text = 'Intro [1].\n\n    code line [2]. More code.\n\nEscaped \\[3\\] here. Linked [the spec [4]](https://x).';
    const claims = extractClaims(text);
    expect(texts(claims)).toEqual(['Intro [1].', 'Escaped \\[3\\] here.', 'Linked [the spec [4]](https://x).']);
    expect(claims.flatMap((c) => c.citations.map((x) => x.key))).toEqual(['1', '4']);
  });

  it('does not cut a sentence inside inline code, an image or a link destination', () => {
    const text = 'Set `a. B` to on [1]. See [docs](https://x.y "Part 2. Setup") now [2].';
    expect(texts(extractClaims(text))).toEqual(['Set `a. B` to on [1].', 'See [docs](https://x.y "Part 2. Setup") now [2].']);
  });

  it('never runs a sentence across list items or paragraphs', () => {
    const claims = extractClaims('- first item\n- second item\n\nno period here\nstill the same paragraph');
    expect(texts(claims)).toEqual(['first item', 'second item', 'no period here\nstill the same paragraph']);
  });

  it('treats wrapped lines of one paragraph as one text (line breaks are not sentence ends)', () => {
    const claims = extractClaims('Vendors must use\nMFA for all access [1]. Second one.');
    expect(texts(claims)).toEqual(['Vendors must use\nMFA for all access [1].', 'Second one.']);
  });

  it('handles CRLF line ends', () => {
    expect(texts(extractClaims('# Head\r\n\r\n- One [1]\r\n- Two.\r\n'))).toEqual(['One [1]', 'Two.']);
  });
});

describe('extractClaims: Persian and CJK', () => {
  it('reads Persian digits, skips questions ending with ؟', () => {
    const text = 'حافظ اهل شیراز بود [۲]. آرامگاهش کجاست؟ آرامگاه او در شیراز است [۱، ۳].';
    const claims = extractClaims(text, { locale: 'fa' });
    expect(texts(claims)).toEqual(['حافظ اهل شیراز بود [۲].', 'آرامگاه او در شیراز است [۱، ۳].']);
    expect(subs(text, claims[0]!)).toEqual([['2', 'حافظ اهل شیراز بود']]);
    expect(claims[1]!.citations.map((c) => c.key)).toEqual(['1', '3']);
  });

  it('splits Chinese and Japanese at 。 and keeps a marker after 。 with its sentence', () => {
    const text = '退款在三十天内发放【1】。已开封的商品除外。[2]第三句话。';
    const claims = extractClaims(text, { locale: 'zh' });
    expect(texts(claims)).toEqual(['退款在三十天内发放【1】。', '已开封的商品除外。[2]', '第三句话。']);
    expect(subs(text, claims[1]!)).toEqual([['2', '已开封的商品除外']]);
    expect(texts(extractClaims('日本語です[1]。次の文です。', { locale: 'ja' }))).toEqual(['日本語です[1]。', '次の文です。']);
  });

  it('still splits without Intl.Segmenter (old browsers)', () => {
    const saved = Intl.Segmenter;
    try {
      (Intl as { Segmenter?: unknown }).Segmenter = undefined;
      expect(texts(extractClaims('One [1]. Two! [2] Three؟ 四。五。'))).toEqual(['One [1].', 'Two! [2]', '四。', '五。']);
    } finally {
      (Intl as { Segmenter?: unknown }).Segmenter = saved;
    }
  });

  it('falls back on an invalid locale tag', () => {
    expect(texts(extractClaims('One [1]. Two.', { locale: '!!not a locale' }))).toEqual(['One [1].', 'Two.']);
  });
});

describe('extractClaims: long answers', () => {
  it('stays fast on one very long paragraph and splits it exactly as short ones', () => {
    const sentences = Array.from({ length: 3000 }, (_, i) => `Sentence ${i} is about Dr. Who and Fig. ${i} [${(i % 9) + 1}].`);
    let claims: ReturnType<typeof extractClaims> = [];
    expect(cpuMs(() => (claims = extractClaims(sentences.join(' '))))).toBeLessThan(3000);
    expect(texts(claims)).toEqual(sentences);
  });
});

describe('extractClaims: ids', () => {
  it('are stable and depend on the normalized text only', () => {
    const a = extractClaims('MFA is required [1]. Logs are kept.');
    const b = extractClaims('Intro.\n\nMFA  is   REQUIRED [S4]. Logs are kept.');
    expect(a[0]!.id).toBe(b[1]!.id);
    expect(a[0]!.id).toBe(extractClaims('MFA is required [1]. Logs are kept.')[0]!.id);
    expect(a[0]!.id).toMatch(/^c-[0-9a-z]+-0$/);
    expect(a[0]!.id).toBe(`c-${fnv1a(normalizeClaim('MFA is required [1].'))}-0`);
  });

  it('are distinct for repeated identical sentences (ordinal)', () => {
    const claims = extractClaims('Same thing [1]. Other. Same thing [2].\n\n- Same thing.');
    const ids = claims.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]!.replace(/-\d+$/, '')).toBe(ids[2]!.replace(/-\d+$/, ''));
    expect(ids[0]!.endsWith('-0')).toBe(true);
    expect(ids[2]!.endsWith('-1')).toBe(true);
    expect(ids[3]!.endsWith('-2')).toBe(true);
  });

  it('normalizes with NFKC', () => {
    expect(normalizeClaim('ＭＦＡ is required [1] .')).toBe(normalizeClaim('mfa is required.'));
  });
});

describe('extractClaims: explicit spans', () => {
  it('take the sub-span from the span and consume the marker with the same key', () => {
    const text = 'Refunds are issued within 30 days [1]. Opened items are excluded [2].';
    const start = text.indexOf('within');
    const claims = extractClaims(text, { spans: [{ sourceId: 'S9', key: '1', answerStart: start, answerEnd: start + 'within 30 days'.length }] });
    expect(claims).toHaveLength(2);
    expect(claims[0]!.citations).toHaveLength(1);
    const c = claims[0]!.citations[0]!;
    expect(c).toMatchObject({ key: '1', sourceId: 'S9', explicit: true });
    expect(text.slice(c.answerStart, c.answerEnd)).toBe('within 30 days');
    expect(text.slice(c.markerStart, c.markerEnd)).toBe('1');
  });

  it('merge the sentences a span crosses into one claim', () => {
    const text = 'Data is encrypted. Keys rotate yearly. Unrelated.';
    const claims = extractClaims(text, { spans: [{ sourceId: 'S1', key: 'S1', answerStart: 5, answerEnd: 30 }] });
    expect(texts(claims)).toEqual(['Data is encrypted. Keys rotate yearly.', 'Unrelated.']);
    const c = claims[0]!.citations[0]!;
    expect([c.answerStart, c.answerEnd]).toEqual([5, 30]);
    expect([c.markerStart, c.markerEnd]).toEqual([30, 30]);
  });

  it('ignore malformed spans', () => {
    const text = 'One. Two.';
    const spans = [
      { sourceId: 'S1', key: '1', answerStart: 5, answerEnd: 2 },
      { sourceId: 'S1', key: '1', answerStart: Number.NaN, answerEnd: 3 },
      null,
    ] as never;
    expect(texts(extractClaims(text, { spans }))).toEqual(['One.', 'Two.']);
  });
});

// ------------------------------------------------------------------------------------------------------------------
// Properties

const marker = fc.constantFrom('[1]', '[2]', '[1][3]', '[1, 3]', '[S2]', '[۲]', '【4】', '[99]', '[x]', '`[1]`', '[1-3]');
const piece = fc.oneof(
  fc.string({ unit: 'grapheme-composite', maxLength: 12 }),
  marker,
  fc.constantFrom('. ', '? ', '؟ ', '。', '\n', '\n\n', '- ', '# ', '> ', '1. ', '```\n', '| a | b |\n|---|---|\n', ' ', 'Mr. ', 'word'),
);
const answerText = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));

function checkInvariants(text: string, claims: Claim[]) {
  let prevEnd = 0;
  for (const claim of claims) {
    expect(claim.start).toBeGreaterThanOrEqual(prevEnd);
    expect(claim.end).toBeGreaterThan(claim.start);
    expect(claim.end).toBeLessThanOrEqual(text.length);
    expect(text.slice(claim.start, claim.end)).toBe(claim.text);
    expect(claim.text).toBe(claim.text.trim());
    prevEnd = claim.end;
    for (const m of claim.markers) {
      expect(m.start).toBeGreaterThanOrEqual(claim.start);
      expect(m.end).toBeLessThanOrEqual(claim.end);
      expect(text.slice(m.start, m.end)).toBe(m.raw);
    }
    for (const c of claim.citations) {
      expect(c.answerStart).toBeGreaterThanOrEqual(claim.start);
      expect(c.answerEnd).toBeLessThanOrEqual(claim.end);
      expect(c.answerEnd).toBeGreaterThan(c.answerStart);
      expect(c.markerStart).toBeGreaterThanOrEqual(claim.start);
      expect(c.markerEnd).toBeLessThanOrEqual(claim.end);
      if (!c.explicit) expect(text.slice(c.markerStart, c.markerEnd)).toMatch(/\p{Nd}|^S/u);
    }
  }
  expect(new Set(claims.map((c) => c.id)).size).toBe(claims.length);
}

describe('extractClaims: properties', () => {
  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        checkInvariants(s, extractClaims(s));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps every span inside the text and slices to the claim and sub-texts', () => {
    fc.assert(
      fc.property(answerText, fc.constantFrom(undefined, 'en', 'fa', 'ja'), (s, locale) => {
        checkInvariants(s, extractClaims(s, { locale }));
      }),
      { numRuns: 1000 },
    );
  });

  it('is deterministic: same text, same ids', () => {
    fc.assert(
      fc.property(answerText, (s) => {
        expect(extractClaims(s).map((c) => c.id)).toEqual(extractClaims(s).map((c) => c.id));
      }),
      { numRuns: 200 },
    );
  });

  it('survives arbitrary explicit spans', () => {
    const span = fc.record({
      sourceId: fc.constantFrom('S1', 'S2'),
      key: fc.constantFrom('1', '2', 'S1'),
      answerStart: fc.integer({ min: -5, max: 120 }),
      answerEnd: fc.integer({ min: -5, max: 120 }),
    });
    fc.assert(
      fc.property(answerText, fc.array(span, { maxLength: 4 }), (s, spans) => {
        const claims = extractClaims(s, { spans });
        checkInvariants(s, claims);
        for (const c of claims.flatMap((x) => x.citations).filter((x) => x.explicit)) {
          // The span as given, clamped to the text and trimmed of whitespace.
          const src = spans.find((sp) => {
            const a = Math.max(0, Math.min(s.length, sp.answerStart));
            const b = Math.max(0, Math.min(s.length, sp.answerEnd));
            return s.slice(a, b).trim() === s.slice(c.answerStart, c.answerEnd) && c.answerStart >= a && c.answerEnd <= b;
          });
          expect(src).toBeDefined();
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives every cited content sentence of a simple answer a non-empty sub-text without markers', () => {
    const words = fc
      .array(fc.constantFrom('vendors', 'must', 'keep', 'logs', 'for', 'ninety', 'days', 'data', 'is', 'encrypted'), { minLength: 1, maxLength: 5 })
      .map((w) => w.join(' ').replace(/^./, (c) => c.toUpperCase()));
    const sentence = fc
      .tuple(words, fc.array(fc.constantFrom('[1]', '[2]', '[S1]', '[1, 2]'), { maxLength: 2 }), fc.boolean())
      .map(([words, markers, after]) => (after ? `${words}. ${markers.join('')}` : `${words} ${markers.join('')}.`).trim());
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 6 }), (sentences) => {
        const text = sentences.join(' ');
        const claims = extractClaims(text);
        expect(claims).toHaveLength(sentences.length);
        for (const claim of claims) {
          for (const c of claim.citations) {
            const sub = text.slice(c.answerStart, c.answerEnd);
            expect(sub).toMatch(/^[A-Z][a-z]/);
            expect(sub).not.toMatch(/[[\]]/);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

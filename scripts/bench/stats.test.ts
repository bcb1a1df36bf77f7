import { describe, expect, it } from 'vitest';
import { jumpPattern, markdownTable, median, percentile, ratio, replaceSection, toRow, verdict, type Series } from './stats.ts';

const series = (over: Partial<Series>): Series => ({ label: 'x', unit: 'ms', citelens: [], reference: [], target: { kind: 'none' }, ...over });

describe('bench statistics', () => {
  it('takes the median of odd and even counts, and none of nothing', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('takes nearest-rank percentiles', () => {
    const v = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(v, 95)).toBe(19);
    expect(percentile(v, 100)).toBe(20);
    expect(percentile([7], 95)).toBe(7);
  });

  it('gives no ratio against a missing or zero reference', () => {
    expect(ratio(30, 20)).toBe(1.5);
    expect(ratio(30, 0)).toBeNull();
    expect(ratio(null, 20)).toBeNull();
  });

  it('judges ratio targets on the medians and says MISSED plainly', () => {
    const target = { kind: 'ratio-at-most', max: 1.1 } as const;
    expect(verdict(series({ citelens: [100, 105, 300], reference: [100, 100, 100], target }))).toBe('met');
    expect(verdict(series({ citelens: [120, 130, 125], reference: [100, 100, 100], target }))).toBe('MISSED');
    expect(verdict(series({ citelens: [], reference: [100], target }))).toBe('no data');
  });

  it('judges an all-runs limit on the worst run, and a timed-out run misses it', () => {
    const target = { kind: 'all-at-most', limit: 200, text: 'no task > 200 ms' } as const;
    expect(verdict(series({ citelens: [50, 190], target }))).toBe('met');
    expect(verdict(series({ citelens: [50, 201], target }))).toBe('MISSED');
    expect(verdict(series({ citelens: [50], failed: { citelens: 1, reference: 0 }, target }))).toBe('MISSED');
  });

  it('formats a row with median, range, ratio and target, and bolds a miss in Markdown', () => {
    const row = toRow(series({ label: 'M2 open', citelens: [130, 110, 120], reference: [100, 90, 110], target: { kind: 'ratio-at-most', max: 1.1 } }));
    expect(row).toEqual({ figure: 'M2 open', citelens: '120 ms (110–130)', reference: '100 ms (90–110)', ratio: '1.20×', target: '≤ 1.1×', verdict: 'MISSED' });
    expect(markdownTable([row]).split('\n')[2]).toBe('| M2 open | 120 ms (110–130) | 100 ms (90–110) | 1.20× | ≤ 1.1× | **MISSED** |');
  });

  it('shifts the jump pattern every pass, never near the opening page or an earlier jump', () => {
    expect(jumpPattern(1000, 0)).toEqual([1000, 4, 500, 125, 875]);
    // 1 - 37 wraps to 964, beside 963: it moves on to 966.
    expect(jumpPattern(1000, 1)).toEqual([963, 966, 463, 88, 838]);
    for (const pages of [6, 14, 55, 1000, 5000]) {
      for (let pass = 0; pass < 30; pass++) {
        const p = jumpPattern(pages, pass);
        expect(p.length).toBeGreaterThan(0);
        expect(p.every((n) => n >= 1 && n <= pages)).toBe(true);
        const seen = [1, ...p];
        for (let i = 1; i < seen.length; i++) for (let j = 0; j < i; j++) expect(Math.abs(seen[i]! - seen[j]!)).toBeGreaterThan(2);
      }
    }
    expect(jumpPattern(5000, 3)).toHaveLength(5);
    expect(jumpPattern(6, 0)).toEqual([6]);
  });
});

describe('the docs/benchmarks.md section', () => {
  const doc = [
    '# Benchmarks',
    '',
    '<!-- bench:locate -->',
    'locator table',
    '<!-- /bench:locate -->',
    '',
    '<!-- bench:viewer -->',
    'old',
    'table',
    '<!-- /bench:viewer -->',
    '',
    'closing words',
    '',
  ].join('\n');

  it('replaces only its own section and keeps every other byte', () => {
    const next = replaceSection(doc, 'viewer', ['new table']);
    expect(next).toBe(doc.replace('old\ntable', 'new table'));
    expect(next).toContain('<!-- bench:locate -->\nlocator table\n<!-- /bench:locate -->');
    expect(next.endsWith('closing words\n')).toBe(true);
  });

  it('appends the section when the file has none, and is stable when run twice', () => {
    const without = '# Benchmarks\n\nintro\n';
    const once = replaceSection(without, 'viewer', ['t']);
    expect(once).toBe('# Benchmarks\n\nintro\n\n<!-- bench:viewer -->\nt\n<!-- /bench:viewer -->\n');
    expect(replaceSection(once, 'viewer', ['t'])).toBe(once);
  });
});

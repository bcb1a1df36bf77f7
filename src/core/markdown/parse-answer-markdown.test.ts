import { describe, expect, it } from 'vitest';
import { parseAnswerMarkdown, parseMayBeSlow, plainAnswerMarkdown } from './parse-answer-markdown.ts';
import { cpuMs } from '../../testing/cpu-time.ts';

const raws = (text: string) => parseAnswerMarkdown(text).markers.map((g) => g.raw);
const blocks = (text: string) => parseAnswerMarkdown(text).blocks.map((b) => (b.content ? '' : '!') + text.slice(b.start, b.end).trim());

describe('parseAnswerMarkdown: where a marker is a marker', () => {
  it('finds markers of every form in prose, with spans into the text', () => {
    const text = 'A [1], B [1, 3], C [S2], D [۲], E 【4】, F 【6:0†source】, G [1-3].';
    const groups = parseAnswerMarkdown(text).markers;
    expect(groups.map((g) => g.raw)).toEqual(['[1]', '[1, 3]', '[S2]', '[۲]', '【4】', '【6:0†source】', '[1-3]']);
    for (const g of groups) expect(text.slice(g.start, g.end)).toBe(g.raw);
    expect(groups[1]!.refs.map((r) => text.slice(r.start, r.end))).toEqual(['1', '3']);
  });

  it('skips code of every kind: fenced, indented, inline', () => {
    expect(raws('```\na[1]\n```\n\n    indented [2]\n\nuse `b[3]` and ``c [4]`` here [5]')).toEqual(['[5]']);
  });

  it('skips escaped brackets, which the reader sees as plain text', () => {
    expect(raws('\\[1] and \\[2\\] and [3\\] and \\\\[4]')).toEqual(['[4]']);
  });

  it('skips raw HTML, autolinks, link destinations and definitions', () => {
    const text = '<span title="[1]">x</span> <https://a.b/[2]> [t](https://a.b/[3]) [4](https://x)\n\n[5]: https://y\n\nSee [6].';
    expect(raws(text)).toEqual(['[6]']);
    expect(raws('<div>\n[7]\n</div>\n\nText [8].')).toEqual(['[8]']);
  });

  it('treats "[n]: url" at the start of a line as a reference entry, elsewhere as a marker', () => {
    expect(raws('Sources:\n[1]: https://a\n> [2]: https://b')).toEqual([]);
    expect(raws('as shown [3]: it holds')).toEqual(['[3]']);
  });

  it('keeps a marker written in link text, and one right after "!"', () => {
    expect(raws('[the spec [2]](https://x) is required![3]')).toEqual(['[2]', '[3]']);
  });

  it('drops a marker in an image description with the image (never shown)', () => {
    expect(raws('![chart [1]](https://x/c.png) and [2]')).toEqual(['[2]']);
  });

  it('reads markers in headings, quotes, list items and table cells', () => {
    expect(raws('# Title [1]\n\n> quoted [2]\n\n- item [3]\n\n| a [4] |\n| - |\n| b [5] |')).toEqual(['[1]', '[2]', '[3]', '[4]', '[5]']);
  });

  it('keeps offsets exact across tabs, CRLF and astral characters', () => {
    const text = '😀\tx [1]\r\n> 😀 y\t[2]\r\n\r\n- [S3]';
    for (const g of parseAnswerMarkdown(text).markers) expect(text.slice(g.start, g.end)).toBe(g.raw);
    expect(raws(text)).toEqual(['[1]', '[2]', '[S3]']);
  });
});

describe('parseAnswerMarkdown: content blocks', () => {
  it('gives paragraphs, list items, quote paragraphs and table rows; headings and header rows are labels', () => {
    const text = [
      '# Heading [1]',
      '',
      'Para one.',
      'wraps here.',
      '',
      '- item one',
      '- [x] task two',
      '',
      '> quoted',
      '> more',
      '',
      '| H1 | H2 |',
      '| --- | --- |',
      '| a | b [2] |',
      '',
      'Setext',
      '===',
      '',
      '```',
      'code',
      '```',
      '',
      '    indented code',
      '',
      '<div>html</div>',
      '',
      '---',
    ].join('\n');
    expect(blocks(text)).toEqual(['!Heading [1]', 'Para one.\nwraps here.', 'item one', 'task two', 'quoted\n> more', '!H1 | H2', 'a | b [2]', '!Setext']);
  });

  it('masks what is not prose without moving any offset', () => {
    const text = '> a `x. Y` b ![i. J](u) [l](https://a.b/c "T. U")\n> next';
    const { masked } = parseAnswerMarkdown(text);
    // Inline code reads as one word; the image, the link destination and the next line's "> " are not read at all.
    expect(masked).toBe('> a ' + 'x'.repeat(6) + ' b ' + ' '.repeat(10) + ' [l' + ' '.repeat('](https://a.b/c "T. U")'.length) + '   next');
  });
});

describe('parseAnswerMarkdown: pathological input stays linear', () => {
  const inputs: Array<[string, (n: number) => string]> = [
    // The old regex scan was quadratic here (10k backticks: over a second).
    ['backticks', (n) => '`'.repeat(n)],
    ['backtick pairs', (n) => '` a'.repeat(n / 3)],
    ['unclosed markers', (n) => '[1'.repeat(n / 2)],
    ['long bracket prose', (n) => ('[' + '1,'.repeat(60) + ' ').repeat(n / 123)],
  ];
  for (const [name, make] of inputs) {
    it(`${name}: 4× the input costs well under 16× the time`, () => {
      const time = (text: string) => {
        let best = Infinity;
        for (let i = 0; i < 2; i++) {
          best = Math.min(
            best,
            cpuMs(() => parseAnswerMarkdown(text)),
          );
        }
        return best;
      };
      time(make(500));
      const small = time(make(2000));
      const large = time(make(8000));
      // Linear growth is 4×; quadratic would be 16×. Timer noise on small inputs gets a 20 ms floor.
      expect(large).toBeLessThan(Math.max(small, 20) * 10);
    });
  }
});

describe('long answers', () => {
  it('are parsed off the main thread only when they are long and still formatted (plain text is linear anyway)', () => {
    expect(parseMayBeSlow('A short answer [1].')).toBe(false);
    expect(parseMayBeSlow('A sentence with a marker [1]. '.repeat(1_000))).toBe(true);
    // Past the size cap it is plain text, cut linearly: nothing to send away.
    expect(parseMayBeSlow('A sentence with a marker [1]. '.repeat(4_000))).toBe(false);
  });

  it('as plain text keep every marker and say why', () => {
    const parsed = plainAnswerMarkdown('## Title\n\nA claim [1]. Another [2, 3].', 'slow');
    expect(parsed.simplified).toBe('slow');
    expect(parsed.markers.map((m) => m.refs.map((r) => r.key))).toEqual([['1'], ['2', '3']]);
  });
});

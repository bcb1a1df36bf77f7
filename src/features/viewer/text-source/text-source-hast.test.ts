import type { Element, Root as HastRoot, RootContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { parseSourceMarkdown } from '../../../core/text-source/parse-source-markdown.ts';
import { IMAGE_PLACEHOLDER, markRanges, plainTextHast, sourceMarkdownHast } from './text-source-hast.ts';

function marks(root: HastRoot): string[] {
  const out: string[] = [];
  const walk = (n: RootContent | HastRoot) => {
    if (n.type === 'element' && n.tagName === 'mark') out.push(`${String(n.properties.dataRegion)}:${text(n)}`);
    else if ('children' in n) n.children.forEach(walk);
  };
  walk(root);
  return out;
}
const text = (n: RootContent): string => (n.type === 'text' ? n.value : 'children' in n ? n.children.map(text).join('') : '');
const tags = (root: HastRoot): string[] => {
  const out: string[] = [];
  const walk = (n: RootContent | HastRoot) => {
    if (n.type === 'element') out.push(n.tagName);
    if ('children' in n) n.children.forEach(walk);
  };
  walk(root);
  return out;
};

const mark = (md: string, ranges: Array<[number, number]>) =>
  marks(
    markRanges(
      sourceMarkdownHast(parseSourceMarkdown(md)),
      md,
      ranges.map(([start, end]) => ({ start, end })),
    ),
  );

describe('source Markdown as hast', () => {
  it('drops raw HTML and turns images into placeholders (nothing to load)', () => {
    const md = '<script>window.__pwned = 1</script>\n\nText <img src="http://evil.test/x.png"> and ![logo](http://evil.test/logo.png).\n';
    const hast = sourceMarkdownHast(parseSourceMarkdown(md));
    expect(tags(hast)).not.toContain('script');
    expect(tags(hast)).not.toContain('img');
    const placeholder = tags(hast).filter((t) => t === IMAGE_PLACEHOLDER);
    expect(placeholder).toHaveLength(1);
  });

  it('marks exactly the raw range, across emphasis and inline code', () => {
    const md = 'Run `apt install` and **restart** now.\n';
    const start = md.indexOf('install');
    const end = md.indexOf(' now');
    expect(mark(md, [[start, end]])).toEqual(['0:install', '0: and ', '0:restart']);
  });

  it('marks inside a fenced code block without the info string', () => {
    const md = '```sh\nsh run.sh\n# not a heading\n```\n';
    const start = md.indexOf('# not');
    expect(mark(md, [[start, start + '# not a heading'.length]])).toEqual(['0:# not a heading']);
  });

  it('numbers regions in order and leaves text outside them alone', () => {
    const md = 'one two three four\n';
    expect(
      mark(md, [
        [0, 3],
        [8, 13],
      ]),
    ).toEqual(['0:one', '1:three']);
  });

  it('marks plain text in a preformatted block', () => {
    const t = 'a <b>tag</b> stays text';
    const hast = markRanges(plainTextHast(t), t, [{ start: 2, end: 12 }]);
    expect(marks(hast)).toEqual(['0:<b>tag</b>']);
    expect((hast.children[0] as Element).tagName).toBe('pre');
  });
});

describe('source headings', () => {
  it('sit one level below the page heading', () => {
    const hast = sourceMarkdownHast(parseSourceMarkdown('# Title\n\n## Part\n\n###### Deep\n'));
    expect(tags(hast)).toEqual(['h2', 'h3', 'h6']);
  });

  it('let each block of prose take its own direction (a Persian paragraph reads right to left)', () => {
    const hast = sourceMarkdownHast(parseSourceMarkdown('# راهنما\n\nبرای نصب.\n\n`code`\n'));
    const blocks = hast.children.filter((c): c is Element => c.type === 'element');
    expect(blocks.map((b) => [b.tagName, b.properties.dir])).toEqual([
      ['h2', 'auto'],
      ['p', 'auto'],
      ['p', 'auto'],
    ]);
  });
});

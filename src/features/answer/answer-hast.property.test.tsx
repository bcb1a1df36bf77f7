import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Element, ElementContent, Nodes as HastNodes, Root as HastRoot } from 'hast';
import type { CitationMarker, Nodes, Root } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseAnswerMarkdown } from '../../core/markdown/parse-answer-markdown.ts';
import { answerHast, MARKER_ELEMENT } from './answer-hast.ts';
import { answerReact } from './answer-react.ts';

// answer-hast.ts and answer-react.ts draw the answer without mdast-util-to-hast and hast-util-to-jsx-runtime (issue
// #37: 16 kB gzip before page 1). Both libraries stay in the project (the text viewer draws Markdown sources with
// them), so they are the reference here: on generated Markdown that mixes every construct an answer can hold, the
// elements, their properties, the newlines between them and their source positions are the library's, and the HTML
// React makes of them is the same.

/** Pieces of Markdown, joined at random: blocks, inlines, links, references, tables, tasks, markers, HTML, images, RTL. */
const piece = fc.constantFrom(
  '# ',
  '### ',
  '- ',
  '* ',
  '1. ',
  '3) ',
  '- [ ] ',
  '- [x] ',
  '> ',
  '    ',
  '```js title\n',
  '```\n',
  '`',
  '*',
  '**',
  '_',
  '~~',
  '[a link](https://example.com/ü?q=1&r=[x] "title")',
  '[mail](mailto:a@b.c)',
  '[odd](https://a.example/\ud800x%zz%41 "q")',
  '\\[3]',
  '[bad](javascript:alert(1))',
  '<https://auto.link>',
  '[ref]',
  '[ref][]',
  '[text][ref]',
  '[missing][nope]',
  '\n[ref]: https://r.example/%7Ea "ref title"\n',
  '\n[REF]: https://second.example\n',
  '\n| a | b | c |\n|:--|--:|:-:|\n| 1 | 2 |\n| x | y | z | w |\n',
  '  \n',
  '\\\n',
  '\n---\n',
  '[1]',
  '[S2]',
  '[1, 3]',
  '[see [2]](https://x.example)',
  '<b>bold</b>',
  '<div>\nblock\n</div>\n',
  '![img](https://img.example/x.png)',
  '![ref img][ref]',
  '&amp; &copy; &#35;',
  '\n',
  '\n\n',
  ' ',
  '\t',
  'word',
  'Words here.',
  'سلام دنیا',
  'کلمه [2]',
  'e\u0301',
  '😀',
);
const markdown = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

const drop = () => undefined;
/** The library's conversion with the node handling answer-hast.ts keeps (markers, no HTML, no images). */
function reference(tree: Root): HastRoot {
  const marker = (_state: unknown, node: CitationMarker): Element => ({
    type: 'element',
    tagName: MARKER_ELEMENT,
    properties: { dataKeys: node.group.refs.map((r) => r.key).join('|') },
    children: [],
  });
  return toHast(tree, { handlers: { citationMarker: marker, image: drop, imageReference: drop, html: drop } }) as HastRoot;
}

/** Ours without what the library does not write (each block's `dir` and `lang`), as plain data. */
function comparable(node: HastNodes): unknown {
  const plain = JSON.parse(JSON.stringify(node)) as HastNodes;
  const strip = (n: HastNodes) => {
    if ('data' in n) delete n.data;
    if (n.type === 'element') {
      delete n.properties.dir;
      delete n.properties.lang;
    }
    if ('children' in n) n.children.forEach((c) => strip(c as HastNodes));
  };
  strip(plain);
  return plain;
}

/** No marker inside link text (answer-hast.ts moves those after the link, by design, where the library would not). */
function markerInLink(node: Nodes, inLink = false): boolean {
  if (node.type === 'citationMarker') return inLink;
  const link = inLink || node.type === 'link' || node.type === 'linkReference';
  return 'children' in node && node.children.some((c) => markerInLink(c, link));
}

const Marker = (props: { 'data-keys'?: string }) => <button data-keys={props['data-keys']}>m</button>;
const Link = ({ href, children }: { href?: string; children?: React.ReactNode }) => <a data-safe={href}>{children}</a>;
const components = { a: Link, [MARKER_ELEMENT]: Marker };

describe('the answer drawn without mdast-util-to-hast and hast-util-to-jsx-runtime', () => {
  it("makes the library's elements, properties, newlines and positions from any answer's Markdown", () => {
    fc.assert(
      fc.property(markdown, (text) => {
        const { tree } = parseAnswerMarkdown(text);
        fc.pre(!markerInLink(tree));
        expect(comparable(answerHast(tree))).toEqual(comparable(reference(tree)));
      }),
      { numRuns: 400 },
    );
  });

  it('draws the same HTML from those elements as hast-util-to-jsx-runtime did (markers in links, dir and lang included)', () => {
    fc.assert(
      fc.property(markdown, (text) => {
        const hast = answerHast(parseAnswerMarkdown(text).tree);
        const ours = renderToStaticMarkup(answerReact(hast.children as ElementContent[], components));
        const theirs = renderToStaticMarkup(toJsxRuntime(hast, { Fragment, jsx, jsxs, components, passKeys: true, ignoreInvalidStyle: true }));
        expect(ours).toBe(theirs);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the source positions answer chunks are cut by, on a long answer', () => {
    const text = Array.from({ length: 150 }, (_, i) => `Paragraph ${i} says something [${(i % 3) + 1}].`).join('\n\n');
    const hast = answerHast(parseAnswerMarkdown(text).tree);
    const blocks = hast.children.filter((c) => c.type === 'element');
    expect(blocks).toHaveLength(150);
    for (const [i, block] of blocks.entries())
      expect(text.slice(block.position!.start.offset, block.position!.end.offset)).toMatch(new RegExp(`^Paragraph ${i} `));
  });
});

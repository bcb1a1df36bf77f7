// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { buildAnswerModel, type AnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { AnswerMarkdown } from './answer-markdown.tsx';

// The model and the screen read the same Markdown: for any answer, the marker groups the model counts (valid and
// invalid keys, in order) are exactly the marker groups drawn, and none is drawn inside a link.

const sources = [
  { id: 'S1', documentId: 'd', page: 1, quote: 'one' },
  { id: 'S2', documentId: 'd', page: 2, quote: 'two' },
  { id: 'S3', documentId: 'd', page: 3, quote: 'three' },
];

type Key = [key: string, valid: boolean];

function modelGroups(model: AnswerModel): Key[][] {
  return model.markdown.markers.map((g) => g.refs.map((r): Key => [r.key, model.resolve(r.key) !== undefined]));
}

function drawnGroups(html: string): { groups: Key[][]; inLinks: number } {
  const root = document.createElement('div');
  root.innerHTML = html;
  const groups = Array.from(root.querySelectorAll('[data-marker-group]')).map((group) =>
    Array.from(group.querySelectorAll('[data-marker], [data-invalid-marker]')).map((el): Key =>
      el.hasAttribute('data-marker') ? [el.getAttribute('data-marker')!, true] : [el.getAttribute('data-invalid-marker')!, false],
    ),
  );
  return { groups, inLinks: root.querySelectorAll('a [data-marker-group], a button').length };
}

function draw(text: string) {
  const answer: Answer = { id: 'p', text, documents: [{ id: 'd', title: 'Doc', url: '/d.pdf' }], sources };
  const model = buildAnswerModel(answer);
  const html = renderToStaticMarkup(<AnswerMarkdown answer={answer} model={model} activeKey={null} onCite={() => undefined} />);
  return { model, html, ...drawnGroups(html) };
}

// ---------------------------------------------------------------------------------------------------------------
// Generated Markdown: every block kind, every marker form, and the places where a marker is not one.

const marker = fc.constantFrom(
  '[1]',
  '[2]',
  '[3]',
  '[9]',
  '[1][3]',
  '[1, 3]',
  '[1,9]',
  '[1-3]',
  '[2–3]',
  '[S1]',
  '[S2, S3]',
  '[S9]',
  '[۲]',
  '[٢،٣]',
  '【3】',
  '【6:0†source】',
  '[1-500]',
  '[x]',
  '[see above]',
);
const word = fc.constantFrom('Vendors', 'must', 'use', 'MFA', 'logs', 'are', 'kept', 'Dr.', 'e.g.', '؟', '。', 'حافظ', '😀', 'x');
const inline = fc.oneof(
  { weight: 6, arbitrary: word },
  { weight: 5, arbitrary: marker },
  {
    weight: 4,
    arbitrary: fc.oneof(
      marker.map((m) => '`' + m + '`'),
      marker.map((m) => '``a ' + m + '``'),
      marker.map((m) => '\\' + m),
      marker.map((m) => '\\' + m.slice(0, -1) + '\\' + m.slice(-1)),
      marker.map((m) => `[the spec ${m}](https://example.com/a)`),
      marker.map((m) => `[${m}](https://example.com/b)`),
      marker.map((m) => `[bad ${m}](javascript:alert(1))`),
      marker.map((m) => `![alt ${m}](https://example.com/i.png)`),
      marker.map((m) => `*stressed ${m}*`),
      marker.map((m) => `**strong ${m}**`),
      marker.map((m) => `<b>${m}</b>`),
      marker.map((m) => `<span title="${m}">t</span>`),
      marker.map((m) => `<https://example.com/${m}>`),
      marker.map((m) => `wow!${m}`),
      marker.map((m) => `${m}(x)`),
      marker.map((m) => `${m}: y`),
    ),
  },
  { weight: 3, arbitrary: fc.constantFrom('.', '. ', '? ', '\n', '[', ']', '`', '*', '_', '(', ')', '\\', '<', '>', '|', '!', ':', '  \n') },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);
const line = fc.array(inline, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(' '));

const block = fc.oneof(
  line,
  fc.array(line, { minLength: 1, maxLength: 3 }).map((ls) => ls.join('\n')),
  fc
    .tuple(fc.constantFrom('- ', '* ', '1. ', '- [ ] ', '- [x] '), fc.array(line, { minLength: 1, maxLength: 3 }))
    .map(([b, ls]) => ls.map((l) => b + l).join('\n')),
  fc.array(line, { minLength: 1, maxLength: 2 }).map((ls) => ls.map((l) => '> ' + l).join('\n')),
  fc.tuple(fc.constantFrom('# ', '## ', '### '), line).map(([h, l]) => h + l.replace(/\n/g, ' ')),
  line.map((l) => l.replace(/\n/g, ' ') + '\n==='),
  fc
    .tuple(line, line, line)
    .map(([a, b, c]) => [a, b, c].map((l) => l.replace(/[\n|]/g, ' ')))
    .map(([a, b, c]) => `| ${a} | ${b} |\n| --- | --- |\n| ${c} | ${a} |`),
  line.map((l) => '```\n' + l + '\n```'),
  line.map((l) => '    ' + l.replace(/\n/g, '\n    ')),
  line.map((l) => '<div>\n' + l + '\n</div>'),
  marker.map((m) => m + ': https://example.com/def'),
  fc.constant('---'),
);
const markdown = fc
  .array(block, { minLength: 1, maxLength: 6 })
  .chain((blocks) =>
    fc
      .array(fc.constantFrom('\n\n', '\n', '\r\n\r\n'), { minLength: blocks.length, maxLength: blocks.length })
      .map((seps) => blocks.map((b, i) => b + seps[i]).join('')),
  );

describe('AnswerMarkdown and the answer model read the same markers', () => {
  it('draws exactly the model’s marker groups, valid and invalid, in order, none inside a link', () => {
    fc.assert(
      fc.property(markdown, (text) => {
        const { model, groups, inLinks } = draw(text);
        expect(groups).toEqual(modelGroups(model));
        expect(inLinks).toBe(0);
        // The model's own lists come from the same groups.
        const invalid = modelGroups(model)
          .flat()
          .filter(([, valid]) => !valid)
          .map(([key]) => key);
        expect(model.invalidMarkers.map((m) => m.key)).toEqual(invalid);
        const drawnAt = new Set(model.markdown.markers.map((g) => g.start));
        for (const claim of model.claims) for (const g of claim.markers) expect(drawnAt.has(g.start)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('holds for arbitrary text too', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 80 }), (text) => {
        const { model, groups, inLinks } = draw(text);
        expect(groups).toEqual(modelGroups(model));
        expect(inLinks).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});

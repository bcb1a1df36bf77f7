import fc from 'fast-check';
import { describe, it } from 'vitest';
import { normalizeText, matchKey, punctSignature } from '../locate/normalize.ts';
import { parseMarkers } from '../markers/parse-markers.ts';
import { parseAnswerMarkdown } from './parse-answer-markdown.ts';

// Fuzzing (issue: hardening): the marker parser and the quote normalizer take any string without throwing or
// hanging, and what they return is consistent with their input. Inputs are drawn from the characters that matter
// (Markdown punctuation, brackets, digits of several scripts, line breaks, combining marks, surrogates) so the
// cases reach the parser's corners, not just plain words. Kept to a few seconds of CI.

const MARKDOWN_UNITS = [
  '[',
  ']',
  '【',
  '】',
  '(',
  ')',
  '!',
  '\\',
  '`',
  '*',
  '_',
  '~',
  '<',
  '>',
  '&',
  '#',
  '|',
  '-',
  '+',
  '.',
  ':',
  ',',
  '،',
  '†',
  ' ',
  '  ',
  '\t',
  '\n',
  '\n\n',
  '\r\n',
  '1',
  '2',
  '12',
  '۲',
  '٣',
  'S',
  's',
  'a',
  'b',
  'x',
  '2-3',
  '1–3',
  '6:0',
  '```',
  '    ',
  '- ',
  '> ',
  '1. ',
  '[1]',
  '[S2]',
  '[1, 3]',
  '【6:0†source】',
  '\u0301',
  '\u200b',
  '\ud83d\ude00',
  '\ud800',
  'ﬁ',
];
const markdownish = fc.array(fc.constantFrom(...MARKDOWN_UNITS), { maxLength: 40 }).map((parts) => parts.join(''));
const anyText = fc.oneof(markdownish, fc.string({ maxLength: 60, unit: 'grapheme' }), fc.string({ maxLength: 60, unit: 'binary' }));

describe('fuzz: the answer Markdown and its markers', () => {
  it('never throws; every marker is a slice of the text, in order, not overlapping; blocks stay in range', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        // plain checks, not expect(): this body runs thousands of times
        const parsed = parseAnswerMarkdown(text);
        if (parsed.masked.length !== text.length) return false;
        let last = 0;
        for (const m of parsed.markers) {
          if (text.slice(m.start, m.end) !== m.raw || m.start < last || m.refs.length === 0) return false;
          last = m.end;
        }
        if (!parsed.blocks.every((b) => b.start >= 0 && b.end <= text.length && b.start < b.end)) return false;
        return parseMarkers(text).length === parsed.markers.length;
      }),
      { numRuns: 6_000 },
    );
  });
});

describe('fuzz: the quote normalizer', () => {
  it('never throws; maps every output unit to a raw range inside the input, in order', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.string({ maxLength: 80, unit: 'binary' })), (raw) => {
        const n = normalizeText(raw);
        if (n.start.length !== n.text.length || n.end.length !== n.text.length) return false;
        for (let i = 0; i < n.text.length; i++) {
          if (n.start[i]! < (i === 0 ? 0 : n.start[i - 1]!) || n.start[i]! >= n.end[i]! || n.end[i]! > raw.length) return false;
        }
        if (/^ | $| {2}/.test(n.text) || matchKey(raw).includes(' ')) return false;
        return typeof punctSignature(raw) === 'string';
      }),
      { numRuns: 20_000 },
    );
  });
});

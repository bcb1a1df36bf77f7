import { describe, expect, it } from 'vitest';
import { parseSourceMarkdown } from './parse-source-markdown.ts';
import { markdownSections } from './section-path.ts';
import { locateTextPassage, passageNoteText } from './text-passage.ts';
import { markdownVisibleText, plainVisibleText } from './visible-text.ts';
import type { TextCitation } from './text-passage.ts';

const DOC = `# Setup

## Linux

Run \`sudo apt install agent\` and **restart** the 🚀 service.

### Troubleshooting

If the agent fails, read \`/var/log/agent.log\` first.

## Windows

### Troubleshooting

Reboot.
`;

function locate(citation: TextCitation, text = DOC) {
  const tree = parseSourceMarkdown(text);
  return locateTextPassage(text, markdownVisibleText(tree, text), markdownSections(tree, text.length), citation);
}

const slice = (r: { start: number; end: number } | undefined) => (r ? DOC.slice(r.start, r.end) : undefined);

describe('locateTextPassage', () => {
  it('finds a quote as the reader sees it, across inline code and emphasis', () => {
    const p = locate({ quote: 'Run sudo apt install agent and restart the' });
    expect(p.by).toBe('quote');
    expect(slice(p.ranges[0])).toBe('Run `sudo apt install agent` and **restart** the');
    expect(p.context?.path).toEqual(['Setup', 'Linux']);
  });

  it('highlights code point offsets (as persian_rag gives them) after an emoji', () => {
    const start = [...DOC].length - [...'Reboot.\n'].length;
    const p = locate({ location: { charStart: start, charEnd: start + 7, charUnit: 'codepoint' } });
    expect(p.by).toBe('offsets');
    expect(slice(p.ranges[0])).toBe('Reboot.');
    expect(p.context?.path).toEqual(['Setup', 'Windows', 'Troubleshooting']);
  });

  it('narrows offsets to the quote they contain', () => {
    const from = DOC.indexOf('If the agent');
    const to = DOC.indexOf('\n\n## Windows');
    const p = locate({ location: { charStart: from, charEnd: to }, quote: 'read /var/log/agent.log first' });
    expect(slice(p.ranges[0])).toBe('read `/var/log/agent.log` first');
  });

  it('reads offsets in the other unit when only that fits the quote, and says so', () => {
    const from = DOC.indexOf('Reboot');
    const p = locate({ location: { charStart: from, charEnd: from + 7, charUnit: 'codepoint' }, quote: 'Reboot.' });
    expect(slice(p.ranges[0])).toBe('Reboot.');
    expect(p.notes.map((n) => passageNoteText(n)).join(' ')).toMatch(/UTF-16/);
  });

  it('falls back to the quote when the offsets hold other words', () => {
    const p = locate({ location: { charStart: 0, charEnd: 7 }, quote: 'Reboot.' });
    expect(p.by).toBe('quote');
    expect(slice(p.ranges[0])).toBe('Reboot.');
    expect(p.notes.map((n) => passageNoteText(n)).join(' ')).toMatch(/do not point at the quoted words/);
  });

  it('opens the whole cited section when that is all the citation gives', () => {
    const p = locate({ section: 'Setup > Linux > Troubleshooting' });
    expect(p.by).toBe('section');
    expect(slice(p.ranges[0])).toBe('### Troubleshooting\n\nIf the agent fails, read `/var/log/agent.log` first.\n\n');
    expect(p.context?.path).toEqual(['Setup', 'Linux', 'Troubleshooting']);
  });

  it('looks for a quote in the cited section first', () => {
    const text = '# A\n\nSame words.\n\n# B\n\nSame words.\n';
    const p = locate({ quote: 'Same words', section: 'B' }, text);
    expect(p.ranges[0]!.start).toBe(text.lastIndexOf('Same words'));
  });

  it('reports a quote that is not in the document, keeping the cited section', () => {
    const p = locate({ quote: 'format the disk', section: 'Windows > Troubleshooting' });
    expect(p.quoteMissing).toBe(true);
    expect(p.by).toBe('section');
    expect(slice(p.ranges[0])).toContain('Reboot.');
  });

  it('works on plain text', () => {
    const text = 'Line one.\nThe “cited” words\nare here.';
    const p = locateTextPassage(text, plainVisibleText(text), [], { quote: '"cited" words are' });
    expect(text.slice(p.ranges[0]!.start, p.ranges[0]!.end)).toBe('“cited” words\nare');
  });
});

import { describe, expect, it } from 'vitest';
import { parseSourceMarkdown } from './parse-source-markdown.ts';
import { markdownSections, resolveSectionPath, splitSectionPath } from './section-path.ts';

const RUNBOOK = `# Setup

Intro.

## Linux

Install the packages.

### Troubleshooting

If the agent does not start, check the logs.

\`\`\`sh
# not a heading
journalctl -u agent
\`\`\`

## macOS

Use Homebrew.

### Troubleshooting

Reinstall with brew.

Operations
==========

Daily checks.

2.1 Backups
-----------

Nightly.
`;

const sectionsOf = (text: string) => markdownSections(parseSourceMarkdown(text), text.length);

describe('markdown sections', () => {
  const sections = sectionsOf(RUNBOOK);

  it('reads ATX and setext headings with their paths, and not a # line inside a fenced code block', () => {
    expect(sections.map((s) => s.path.join(' > '))).toEqual([
      'Setup',
      'Setup > Linux',
      'Setup > Linux > Troubleshooting',
      'Setup > macOS',
      'Setup > macOS > Troubleshooting',
      'Operations',
      'Operations > 2.1 Backups',
    ]);
  });

  it('runs a section to the next heading of the same or a higher level', () => {
    const linux = sections[1]!;
    const text = RUNBOOK.slice(linux.start, linux.end);
    expect(text.startsWith('## Linux')).toBe(true);
    expect(text).toContain('# not a heading');
    expect(text).not.toContain('macOS');
    const setup = sections[0]!;
    expect(RUNBOOK.slice(setup.start, setup.end)).toContain('Reinstall with brew.');
    expect(RUNBOOK.slice(setup.start, setup.end)).not.toContain('Operations');
    expect(sections[6]!.end).toBe(RUNBOOK.length);
  });

  it('does not count an indented code block line as a heading', () => {
    expect(sectionsOf('# A\n\n    # code\n\ntext\n').map((s) => s.title)).toEqual(['A']);
  });
});

describe('resolveSectionPath', () => {
  const sections = sectionsOf(RUNBOOK);
  const resolve = (path: string) => resolveSectionPath(sections, path);

  it('finds a full path', () => {
    const r = resolve('Setup > Linux > Troubleshooting');
    expect(r.kind).toBe('found');
    expect(r.kind === 'found' && RUNBOOK.slice(r.section.start, r.section.end)).toContain('check the logs');
  });

  it('compares folded: case, spacing, punctuation, other separators and leading numbers', () => {
    const r = resolve('setup › LINUX »  troubleshooting:');
    expect(r.kind === 'found' && r.section.path).toEqual(['Setup', 'Linux', 'Troubleshooting']);
    const b = resolve('Operations > Backups');
    expect(b.kind === 'found' && b.section.title).toBe('2.1 Backups');
  });

  it('accepts a path that skips a level', () => {
    const r = resolve('Setup > macOS > Troubleshooting');
    expect(r.kind === 'found' && r.section.path[1]).toBe('macOS');
    const skipped = resolve('Linux > Troubleshooting');
    expect(skipped.kind === 'found' && skipped.section.path).toEqual(['Setup', 'Linux', 'Troubleshooting']);
  });

  it('says when a path is ambiguous and picks the first', () => {
    const r = resolve('Troubleshooting');
    expect(r.kind).toBe('ambiguous');
    if (r.kind !== 'ambiguous') return;
    expect(r.candidates.map((c) => c.path[1])).toEqual(['Linux', 'macOS']);
    expect(r.section.path[1]).toBe('Linux');
  });

  it('resolves a partial path to what exists and names what does not', () => {
    const deeper = resolve('Setup > Linux > Networking');
    expect(deeper.kind).toBe('partial');
    if (deeper.kind === 'partial') {
      expect(deeper.section.path).toEqual(['Setup', 'Linux']);
      expect(deeper.missing).toEqual(['Networking']);
    }
    const renamed = resolve('Install > Linux > Troubleshooting');
    expect(renamed.kind).toBe('partial');
    if (renamed.kind === 'partial') {
      expect(renamed.section.path).toEqual(['Setup', 'Linux', 'Troubleshooting']);
      expect(renamed.missing).toEqual(['Install']);
    }
  });

  it('finds nothing for an unknown or empty path', () => {
    expect(resolve('Windows').kind).toBe('not-found');
    expect(resolve(' > ').kind).toBe('not-found');
    expect(splitSectionPath('A > B › C')).toEqual(['A', 'B', 'C']);
  });
});

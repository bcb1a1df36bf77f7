// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/embed.md gives portals a host snippet to copy; e2e/fixtures/portal.html runs it in the end-to-end tests. They
// must be the same code, or the documented one is untested.

/** The doc comment and the function, each line trimmed (the two files indent it differently). */
function snippet(text: string): string {
  const fn = text.indexOf('function connectCitelens(');
  const start = text.lastIndexOf('/**', fn);
  const indent = /[ ]*$/.exec(text.slice(0, fn))?.[0] ?? '';
  const end = text.indexOf(`\n${indent}}\n`, fn);
  expect(fn, 'connectCitelens').toBeGreaterThan(0);
  expect(end, 'the end of connectCitelens').toBeGreaterThan(fn);
  return text
    .slice(start, end + indent.length + 2)
    .split('\n')
    .map((line) => line.trim())
    .join('\n');
}

describe('the host snippet', () => {
  it('in docs/embed.md is the one the end-to-end portal runs', () => {
    const docs = readFileSync(new URL('../../../docs/embed.md', import.meta.url), 'utf8');
    const portal = readFileSync(new URL('../../../e2e/fixtures/portal.html', import.meta.url), 'utf8');
    const documented = snippet(docs.slice(docs.indexOf('### Host snippet')));
    expect(documented).toContain("post({ type: 'citelens:hello' })");
    expect(snippet(portal.slice(portal.indexOf('The host snippet of docs/embed.md')))).toBe(documented);
  });
});

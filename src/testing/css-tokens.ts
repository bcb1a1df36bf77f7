import { readFileSync } from 'node:fs';

// Reading colour tokens out of our stylesheets, for the contrast tests of the marks (the claim mark in the answer,
// the text sources' marks): a change to a stylesheet is then measured, not a copy of its values.

/** A stylesheet's text, a newline first so that a rule on its first line starts a line too. */
export const cssFile = (url: URL | string) => `\n${readFileSync(url, 'utf8')}`;

/** The custom properties declared in the rules whose selector, at the start of a line, is exactly this one. */
export function declarations(sheet: string, selector: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (let start = sheet.indexOf(`\n${selector} {`); start >= 0; start = sheet.indexOf(`\n${selector} {`, start + 1)) {
    const body = sheet.slice(start + selector.length + 3, sheet.indexOf('}', start));
    // Split by hand: a pattern like /(--[\w-]+):\s*([^;]+);/ is quadratic on a run of dashes (regex-backtracking.test.ts).
    for (const part of body.split(';')) {
      const colon = part.indexOf(':');
      const name = part.slice(0, colon).trim();
      if (colon > 0 && name.startsWith('--') && part.slice(colon + 1).trim()) found[name] = part.slice(colon + 1).trim();
    }
  }
  return found;
}

/** `var(--x)` references resolved from `vars`, as deep as they go. */
export function resolveVars(value: string, vars: Record<string, string>): string {
  const next = value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => vars[name] ?? name);
  return next === value ? value : resolveVars(next, vars);
}

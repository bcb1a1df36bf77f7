// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 34, break 1: one route read the data folder with readFile and followed a link out of it. Every file the server
// reads must come through the one opener (data-folder.ts), which refuses to leave the folder. This test keeps it so:
// a server module that imports a reading function of node:fs is named here, unless it reads something that is not
// the data folder by design (listed, with the reason).

const here = path.dirname(fileURLToPath(import.meta.url));

/** Modules that may read the file system themselves, and why. */
const ALLOWED: Record<string, string> = {
  'data-folder.ts': 'the opener itself',
  'main.ts': 'whether the data and build folders exist, to warn at start (it reads no file of them)',
  'auth.ts': 'the token file named by CITELENS_API_TOKENS, read once at start (not the data folder)',
  'review/open-database.ts': 'the review database file (CITELENS_DB), not the data folder',
  'review/storage-check.ts': 'the review database file and its folder, checked at start',
  'review/test-postgres.ts': 'a test helper: the throwaway cluster it starts',
};

const READING =
  /\b(readFile|readFileSync|readdir|readdirSync|stat|statSync|lstat|lstatSync|open|openSync|opendir|createReadStream|realpath|realpathSync|readlink|access|accessSync|existsSync|cp|cpSync|copyFile)\b/;

function serverModules(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== 'demo-data') out.push(...serverModules(path.join(dir, entry.name), `${rel}/`));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.startsWith('test-')) out.push(rel);
  }
  return out;
}

/** The names a module imports from node:fs or node:fs/promises (`import { a, b as c } from 'node:fs'`). */
function fsImports(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+['"](?:node:)?fs(?:\/promises)?['"]/g)) {
    if (m[1]) continue; // `import type { … }` reads nothing
    const clause = m[2] ?? '';
    const braces = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    for (const part of braces.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name && !part.trim().startsWith('type ')) names.push(name);
    }
    // a default or namespace import (`import fs from 'node:fs'`) can read anything
    if (
      /^\s*(\*\s+as\s+\w+|\w+)/.test(
        clause
          .replace(/\{[^}]*\}/, '')
          .replace(/,/g, ' ')
          .trim(),
      )
    )
      names.push('*');
  }
  return names;
}

describe('every file the server reads comes through the data folder opener', () => {
  it('no server module but the allowed ones imports a reading function of node:fs', () => {
    const offenders: string[] = [];
    for (const rel of serverModules(here)) {
      if (ALLOWED[rel]) continue;
      const reading = fsImports(readFileSync(path.join(here, rel), 'utf8')).filter((n) => n === '*' || READING.test(n));
      if (reading.length > 0) offenders.push(`${rel}: ${reading.join(', ')}`);
    }
    expect(offenders).toEqual([]);
  });

  it('the check sees an import that reads', () => {
    expect(fsImports("import { readFile, stat } from 'node:fs/promises';")).toEqual(['readFile', 'stat']);
    expect(fsImports("import { mkdir, type Stats } from 'node:fs';")).toEqual(['mkdir']);
    expect(fsImports("import fs from 'fs';")).toEqual(['*']);
    expect(fsImports("import type { Stats } from 'node:fs';")).toEqual([]);
  });
});

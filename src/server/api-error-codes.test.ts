// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { apiErrorCodes, readErrorBody } from '../api/error-schema.ts';
import { apiError } from './api-error.ts';

// The error codes are one contract (`apiErrorCodes` in src/api/error-schema.ts): the server's helper refuses any other
// at compile time, and this file checks what the compiler cannot see: codes written into a body by hand, and codes
// passed through a wrapper that takes a plain string.

const serverDir = path.dirname(fileURLToPath(import.meta.url));

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return serverSources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every error code the server's code writes: `someError(c, 400, 'code'`, `fail(403, 'code'`, `error: { code: 'code'`. */
function codesWritten(source: string): string[] {
  const byHelper = /\b(?:\w*[eE]rror|fail)\((?:c(?: as [^,]+)?,\s*)?\d{3},\s*'([a-z_]+)'/g;
  const byHand = /error: \{ code: '([a-z_]+)'/g;
  return [...source.matchAll(byHelper), ...source.matchAll(byHand)].map((m) => m[1]!);
}

describe('the error codes the server answers', () => {
  const written = new Map<string, string[]>();
  for (const file of serverSources(serverDir)) {
    for (const code of codesWritten(readFileSync(file, 'utf8'))) {
      written.set(code, [...(written.get(code) ?? []), path.relative(serverDir, file)]);
    }
  }

  it('are all in the contract, and the contract lists none the server never sends', () => {
    const unknown = [...written].filter(([code]) => !(apiErrorCodes as readonly string[]).includes(code));
    expect(unknown).toEqual([]);
    expect([...written.keys()].sort()).toEqual([...apiErrorCodes].sort());
  });

  it('are each documented in docs/api.md', () => {
    const doc = readFileSync(path.join(serverDir, '../../docs/api.md'), 'utf8');
    expect(apiErrorCodes.filter((code) => !doc.includes(`\`${code}\``))).toEqual([]);
  });

  it('reach the client as sent; a misspelt one does not compile', async () => {
    const app = new Hono().get('/', (c) => apiError(c, 404, 'not_found', 'No such answer.'));
    expect(readErrorBody(await (await app.request('/')).json())).toEqual({ code: 'not_found', message: 'No such answer.' });
    // @ts-expect-error -- not a code of the contract (the parameter reads as `never` for an unknown literal)
    new Hono().get('/', (c) => apiError(c, 404, 'not_fuond', 'No such answer.'));
  });
});

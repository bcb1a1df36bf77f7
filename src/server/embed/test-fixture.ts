import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../app.ts';
import type { ReviewRepository } from '../review/repository.ts';
import type { SecurityOptions } from '../security.ts';

// A small data folder and build folder for the embed and auth tests: two answers that cite different
// documents (so a session for one must not read the other's), and a dist with HTML, assets and pdf.js files.

export const SECRET = 'an-embed-secret-of-32-characters!';
export const PORTAL = 'https://portal.example.com';
export const OTHER_PORTAL = 'http://intranet.example.org:8080';
export const ALICE_TOKEN = 'alice-token-0123456789';
export const BOB_TOKEN = 'bob-token-abcdefghijkl';

export interface Fixture {
  root: string;
  dataDir: string;
  distDir: string;
  /** `withReview`: mount the review API over a repository that fails if it is ever reached. */
  app: (security?: SecurityOptions, withReview?: boolean) => ReturnType<typeof createApp>;
  cleanup: () => void;
}

export function makeFixture(): Fixture {
  const root = mkdtempSync(path.join(tmpdir(), 'citelens-embed-'));
  const write = (rel: string, content: string) => {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  write(
    'data/answers/alpha.json',
    JSON.stringify({
      id: 'alpha',
      text: 'Alpha [1]',
      documents: [
        { id: 'doc-a', title: 'A' },
        { id: 'doc-b-ref', title: 'B', url: '../documents/doc-b' },
        { id: 'web', title: 'Web', url: 'https://example.com/doc-c.pdf' },
      ],
      sources: [],
    }),
  );
  write('data/answers/beta.json', JSON.stringify({ id: 'beta', text: 'Beta', documents: [{ id: 'doc-c', title: 'C' }], sources: [] }));
  for (const d of ['doc-a', 'doc-b', 'doc-c']) write(`data/documents/${d}.pdf`, `%PDF-1.7 ${d}`);
  write('dist/index.html', '<!doctype html><title>citelens</title><script type="module" crossorigin src="/assets/index-abc.js"></script>');
  write('dist/assets/index-abc.js', 'export {}');
  write('dist/assets/index-abc.css', 'body{}');
  write('dist/assets/pdf.worker.min-abc.mjs', 'export {}');
  write('dist/pdfjs/cmaps/Adobe-Japan1-UCS2.bcmap', 'x');
  write('dist/other.html', '<!doctype html><title>other</title>');
  const dataDir = path.join(root, 'data');
  const distDir = path.join(root, 'dist');
  return {
    root,
    dataDir,
    distDir,
    app: (security, withReview) =>
      createApp({ dataDir, distDir, warn: () => undefined, ...(security && { security }), ...(withReview && { review: unreachableRepository() }) }),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

function unreachableRepository(): ReviewRepository {
  return new Proxy({} as ReviewRepository, {
    get: (_, name) => () => Promise.reject(new Error(`the review repository was reached (${String(name)})`)),
  });
}

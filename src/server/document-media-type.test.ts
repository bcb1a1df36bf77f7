import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { declareTextMediaTypes } from './document-media-type.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'citelens-media-type-'));
const docs = path.join(root, 'documents');
mkdirSync(docs);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const valid = (id: string) => /^[a-z0-9-]+$/.test(id);
const typesOf = async (ids: string[]) =>
  (
    (await declareTextMediaTypes(
      ids.map((id) => ({ id })),
      root,
      valid,
    )) as { mediaType?: string }[]
  ).map((d) => d.mediaType ?? 'pdf');

describe('declareTextMediaTypes', () => {
  it('declares Markdown and text documents, follows the folder as files come, go and are renamed', async () => {
    writeFileSync(path.join(docs, 'policy.pdf'), '%PDF-1.7');
    writeFileSync(path.join(docs, 'runbook.md'), '# Runbook');
    expect(await typesOf(['policy', 'runbook', 'notes'])).toEqual(['pdf', 'text/markdown', 'pdf']);
    // Added after the folder was read: seen at once (the folder's mtime changed).
    writeFileSync(path.join(docs, 'notes.txt'), 'notes');
    expect(await typesOf(['notes'])).toEqual(['text/plain']);
    renameSync(path.join(docs, 'runbook.md'), path.join(docs, 'runbook.txt'));
    expect(await typesOf(['runbook'])).toEqual(['text/plain']);
    // A PDF wins over a text file of the same id, as the document route serves it.
    writeFileSync(path.join(docs, 'notes.pdf'), '%PDF-1.7');
    expect(await typesOf(['notes'])).toEqual(['pdf']);
  });

  it('reads a symlink by its target, and a directory named like a document is none', async () => {
    writeFileSync(path.join(root, 'outside.md'), '# linked');
    symlinkSync(path.join(root, 'outside.md'), path.join(docs, 'linked.md'));
    mkdirSync(path.join(docs, 'folder.md'));
    expect(await typesOf(['linked', 'folder'])).toEqual(['text/markdown', 'pdf']);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMissingLocalFile, missingDocuments } from './local-answer.ts';
import { attachFiles, composeAnswer, LocalFileError, readAnswerFile } from './read-local-answer.ts';

// Reading a dropped answer file and matching dropped documents to it, on our own demo files.

const demo = path.resolve(import.meta.dirname, '../../server/demo-data');
const demoFile = (kind: 'answers' | 'documents', name: string) => new File([readFileSync(path.join(demo, kind, name))], name);
const jsonFile = (name: string, value: unknown) => new File([typeof value === 'string' ? value : JSON.stringify(value)], name, { type: 'application/json' });

async function rejection(p: Promise<unknown>): Promise<LocalFileError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(LocalFileError);
  return e as LocalFileError;
}

describe('reading an answer file', () => {
  it('names the answer by its content: the same file is the same answer, another file another one', async () => {
    const a = await readAnswerFile(demoFile('answers', 'vendor-access.json'));
    const again = await readAnswerFile(demoFile('answers', 'vendor-access.json'));
    const other = await readAnswerFile(demoFile('answers', 'vendor-encryption.json'));
    expect(a.id).toMatch(/^local-[0-9a-f]{28}$/);
    expect(again.id).toBe(a.id);
    expect(other.id).not.toBe(a.id);
    // Reviewed under that id, never under the stored answer's own.
    expect(a.read.answer.id).toBe(a.id);
  });

  it('reads a wrapped answer and a provider response dropped as it came', async () => {
    const wrapped = await readAnswerFile(demoFile('answers', 'demo-anthropic.json'));
    expect(wrapped.read).toMatchObject({ kind: 'adapted', format: 'anthropic' });
    const payload = (JSON.parse(readFileSync(path.join(demo, 'answers', 'demo-anthropic.json'), 'utf8')) as { payload: unknown }).payload;
    // A bare response lists no documents: the files dropped with it are its documents.
    const bare = await readAnswerFile(jsonFile('claude-response.json', payload), ['vendor-security-policy.pdf', 'data-retention-policy.pdf']);
    expect(bare.read).toMatchObject({ kind: 'adapted', format: 'anthropic' });
    expect(bare.read.answer.sources.length).toBeGreaterThan(0);
    const local = attachFiles({ id: bare.id, answerFile: 'claude-response.json', read: bare.read }, [
      demoFile('documents', 'vendor-security-policy.pdf'),
      demoFile('documents', 'data-retention-policy.pdf'),
    ]);
    expect(missingDocuments(local)).toEqual([]);
    expect(local.unmatched).toEqual([]);
  });

  it('says which file is wrong and where (JSON paths), or that it is not JSON', async () => {
    const shape = await rejection(
      readAnswerFile(
        jsonFile('broken.json', { id: 'x', text: 'A [1].', documents: [{ id: 'd', url: 'd.pdf' }], sources: [{ id: 'S1', documentId: 'd', page: 'seven' }] }),
      ),
    );
    expect(shape.file).toBe('broken.json');
    expect(shape.message).toMatch(/^broken\.json does not have the expected shape/);
    expect(shape.issues.some((i) => i.startsWith('documents[0].title'))).toBe(true);
    expect(shape.issues.some((i) => i.startsWith('sources[0].page'))).toBe(true);
    const garbled = await rejection(readAnswerFile(jsonFile('garbled.json', '{"id": ')));
    expect(garbled.message).toMatch(/^garbled\.json is not valid JSON/);
  });
});

describe('matching dropped documents', () => {
  it('points matched documents at their files, keeps the rest missing (never at a server address) and lists unused files', async () => {
    const { id, read } = await readAnswerFile(demoFile('answers', 'retention-vs-security.json'));
    const notes = new File(['notes'], 'meeting-notes.txt');
    const first = attachFiles({ id, answerFile: 'retention-vs-security.json', read }, [demoFile('documents', 'vendor-security-policy.pdf'), notes]);
    expect(missingDocuments(first).map((d) => d.id)).toEqual(['data-retention-policy']);
    expect(first.unmatched).toEqual(['meeting-notes.txt']);
    const shown = composeAnswer(first).answer.documents;
    expect(shown.find((d) => d.id === 'vendor-security-policy')).toMatchObject({ url: expect.stringMatching(/^blob:/), mediaType: 'application/pdf' });
    const missing = shown.find((d) => d.id === 'data-retention-policy')!;
    expect(isMissingLocalFile(missing)).toBe(true);
    expect(missing.url).not.toMatch(/^(https?:|\/)/);

    // Added later: fills the gap, keeps the first file's URL.
    const later = attachFiles(first, [demoFile('documents', 'data-retention-policy.pdf')]);
    expect(missingDocuments(later)).toEqual([]);
    expect(later.files.get('vendor-security-policy')!.url).toBe(first.files.get('vendor-security-policy')!.url);
    expect(composeAnswer(later).answer.documents.every((d) => d.url.startsWith('blob:'))).toBe(true);
  });

  it('gives a Markdown or text file its media type, so a text viewer can take it', async () => {
    const { id, read } = await readAnswerFile(
      jsonFile('guide.json', {
        id: 'g',
        text: 'Set it up [1].',
        documents: [{ id: 'setup-guide', title: 'Setup guide' }],
        sources: [{ id: 'S1', documentId: 'setup-guide', quote: 'Run the installer.' }],
      }),
    );
    const local = attachFiles({ id, answerFile: 'guide.json', read }, [new File(['# Setup\nRun the installer.\n'], 'setup-guide.md')]);
    expect(composeAnswer(local).answer.documents[0]).toMatchObject({ mediaType: 'text/markdown', url: expect.stringMatching(/^blob:/) });
  });
});

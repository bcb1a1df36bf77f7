import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../testing/adapter-fixtures.ts';
import { runCli } from '../testing/run-cli.ts';
import { runAdapt } from './adapt-command.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'citelens-adapt-'));
const fixture = fixturePath;

function write(name: string, content: unknown): string {
  const file = path.join(tmp, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

function adapt(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = runAdapt(
    args,
    (s) => void (stdout += s),
    (s) => void (stderr += s),
  );
  return { code, stdout, stderr };
}

const docs = [{ id: 'facts', title: 'facts.txt', url: '/api/documents/facts' }];

describe('citelens adapt', () => {
  it('adapts a wrapped answer with format auto: one JSON object with the detected format, answer and warnings', () => {
    const wrapper = JSON.parse(readFileSync(fixture('cohere'), 'utf8')) as Record<string, unknown>;
    const r = adapt(write('auto.json', { ...wrapper, format: 'auto' }));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { format: string; answer: { id: string; text: string; sources: unknown[] }; warnings: string[] };
    expect(Object.keys(out)).toEqual(['format', 'answer', 'warnings']);
    expect(out.format).toBe('cohere');
    expect(out.answer.id).toBe('cohere-encryption');
    expect(out.answer.text).toContain('“TLS 1.2 or higher”[1]');
    expect(out.answer.sources).toHaveLength(3);
    expect(out.warnings).toEqual([]);
  });

  it('exits 0 with the warnings when a citation was mapped by guesswork', () => {
    const file = write('guess.json', {
      id: 'g',
      format: 'perplexity',
      documents: docs,
      payload: { choices: [{ message: { content: 'Ruby is from 1993.[1]' } }], citations: ['https://elsewhere.example/ruby'] },
    });
    const r = adapt(file);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { answer: { sources: Array<{ flags?: Array<{ code: string }> }> }; warnings: string[] };
    expect(out.warnings).toEqual([expect.stringContaining('mapped to the only document "facts"')]);
    expect(out.answer.sources[0]?.flags?.[0]?.code).toBe('document-guessed');
  });

  it('passes a canonical answer through as citelens/1 without warnings', () => {
    const answer = {
      format: 'citelens/1',
      id: 'c',
      text: 'Ruby [1]',
      documents: docs,
      sources: [{ id: 'S1', documentId: 'facts' }],
      citations: [{ n: 1, sourceId: 'S1' }],
    };
    const r = adapt(write('canonical.json', answer));
    expect(r.code).toBe(0);
    const { format: _f, ...rest } = answer;
    void _f;
    expect(JSON.parse(r.stdout)).toEqual({ format: 'citelens/1', answer: rest, warnings: [] });
  });

  it('exits 2 with nothing on stdout for bad usage, an unreadable file or invalid JSON', () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /missing FILE\.json/],
      [['a.json', 'b.json'], /unexpected argument: b\.json/],
      [['--format', 'x'], /unknown option: --format/],
      [[path.join(tmp, 'missing.json')], /cannot read .*missing\.json/],
      [[write('bad.json', '{ "id": ')], /bad\.json is not valid JSON/],
    ];
    for (const [args, message] of cases) {
      const r = adapt(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
    }
  });

  it('exits 2 naming the JSON paths of a payload it cannot read', () => {
    const undetected = adapt(write('unknown.json', { id: 'u', format: 'auto', documents: docs, payload: { choices: [{ message: { content: 'Hi' } }] } }));
    expect(undetected.code).toBe(2);
    expect(undetected.stderr).toMatch(
      /Could not detect the citation format of answer "u"\. It found `choices\[0\]\.message\.content` \(text\), but no citations field/,
    );
    const shape = adapt(write('shape.json', { id: 's', format: 'openai', documents: docs, payload: { output: 'nope' } }));
    expect(shape.code).toBe(2);
    expect(shape.stderr).toMatch(/payload\.output: /);
    const wrapper = adapt(write('wrapper.json', { id: 'w', format: 'nonsense', documents: [{ id: 'd' }], payload: {} }));
    expect(wrapper.code).toBe(2);
    expect(wrapper.stderr).toMatch(/format: /);
    expect(wrapper.stderr).toMatch(/documents\[0\]\.title: /);
    const canonical = adapt(write('canon-bad.json', { id: 'c', text: 'x', documents: [], sources: [{ id: 'S1', documentId: 'nowhere' }] }));
    expect(canonical.code).toBe(2);
    expect(canonical.stderr).toMatch(/sources\[0\]\.documentId: source S1 names unknown document "nowhere"/);
  });

  it('runs as `citelens adapt`: stdout holds exactly one JSON object', async () => {
    const r = await runCli(['adapt', fixture('perplexity')]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ format: 'perplexity', warnings: [] });
    const bad = await runCli(['adapt']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
  });
});

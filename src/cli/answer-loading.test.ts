// How `adapt` and `audit` load an answer file (readAnswerFile): as the server and the app read it. Documents stored
// without `url` are the server's; a provider's bare response is read as `auto`; a broken file names its line.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../testing/adapter-fixtures.ts';
import { readAnswerFile } from '../node/answer-file.ts';
import { runAdapt } from './adapt-command.ts';
import { runAudit } from './audit-command.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const demo = path.join(repoRoot, 'src/server/demo-data');
const tmp = mkdtempSync(path.join(tmpdir(), 'citelens-loading-'));

function write(name: string, content: unknown): string {
  const file = path.join(tmp, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

function adapt(file: string) {
  let stdout = '';
  let stderr = '';
  const code = runAdapt(
    [file],
    (s) => void (stdout += s),
    (s) => void (stderr += s),
  );
  return { code, stdout, stderr };
}

describe('loading answer files for adapt and audit', () => {
  it('reads a provider response stored without a wrapper as `auto`, making a document of each page it cites', () => {
    const fixture = JSON.parse(readFileSync(fixturePath('perplexity-responses'), 'utf8')) as { payload: unknown };
    const { code, stdout } = adapt(write('pplx-bare.json', fixture.payload));
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as {
      format: string;
      answer: { id: string; documents: Array<{ id: string; title: string; url: string }>; sources: unknown[] };
      warnings: string[];
    };
    expect(out.format).toBe('perplexity');
    expect(out.answer.id).toBe('pplx-bare');
    expect(out.answer.documents).toEqual([
      {
        id: 'perovskite-silicon-tandem-cells-pass-34-efficiency',
        title: 'Perovskite–silicon tandem cells pass 34% efficiency',
        url: 'https://www.nature.com/articles/s41586-025-00001-x',
      },
      {
        id: 'stable-perovskite-modules-under-damp-heat',
        title: 'Stable perovskite modules under damp heat',
        url: 'https://www.science.org/doi/10.1126/science.adq0001',
      },
      { id: 'best-research-cell-efficiency-chart', title: 'Best Research-Cell Efficiency Chart', url: 'https://www.nrel.gov/pv/cell-efficiency.html' },
    ]);
    expect(out.answer.sources).toHaveLength(3);
    expect(out.warnings).toEqual([]);
  });

  it('says what it found when a bare file is neither a canonical answer nor a known response', () => {
    const { code, stderr } = adapt(write('mystery.json', { reply: 'Hello', refs: [{ doc: 'a' }] }));
    expect(code).toBe(2);
    expect(stderr).toContain('is not a canonical answer');
    expect(stderr).toContain("Nor is it a provider's response citelens recognises. It found no answer text");
  });

  it('exits 2, naming where it looked, when the answer text is lost (a run whose last message is a tool call)', () => {
    const payload = {
      model: 'grok-4',
      outputs: [
        { message: { role: 'ROLE_ASSISTANT', toolCalls: [{ id: 'call_1' }] } },
        { message: { role: 'ROLE_TOOL', content: 'result', citations: [{ webCitation: { url: 'https://a.example/' } }] } },
      ],
    };
    const { code, stdout, stderr } = adapt(write('lost.json', { id: 'lost', format: 'auto', documents: [], payload }));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/no answer text was found \(looked at `outputs\[\]\.message\.content/);
  });

  it('names the line and column where a truncated file ends', () => {
    const whole = JSON.stringify({ id: 'x', format: 'auto', documents: [], payload: { choices: [{ message: { content: 'Hi' } }] } }, null, 2);
    const { code, stderr } = adapt(write('truncated.json', whole.slice(0, whole.indexOf('"Hi"') + 3)));
    expect(code).toBe(2);
    expect(stderr).toMatch(/truncated\.json is not valid JSON: the JSON is cut short inside a string: it ends at line \d+, column \d+/);
  });

  it('reads a wrapper whose documents have no url as the server does, and audits it without refusing it', { timeout: 120_000 }, async () => {
    const wrapper = JSON.parse(readFileSync(path.join(demo, 'answers/demo-anthropic.json'), 'utf8')) as { documents: Array<{ url?: string }> };
    for (const d of wrapper.documents) delete d.url;
    const dir = mkdtempSync(path.join(tmp, 'data-'));
    mkdirSync(path.join(dir, 'answers'));
    mkdirSync(path.join(dir, 'documents'));
    for (const f of ['vendor-security-policy.pdf', 'data-retention-policy.pdf']) copyFileSync(path.join(demo, 'documents', f), path.join(dir, 'documents', f));
    const file = path.join(dir, 'answers', 'no-urls.json');
    writeFileSync(file, JSON.stringify(wrapper));
    const read = readAnswerFile(file);
    expect(read.ok && read.answer.documents.map((d) => d.url)).toEqual(['/api/documents/vendor-security-policy', '/api/documents/data-retention-policy']);
    let stdout = '';
    await runAudit(
      [file],
      (s) => void (stdout += s),
      () => undefined,
      () => new Date('2026-04-01T10:00:00.000Z'),
    );
    const report = JSON.parse(stdout) as { answers: Array<{ error?: string; documents: Array<{ id: string; access: string }> }> };
    expect(report.answers[0]?.error).toBeUndefined();
    expect(report.answers[0]?.documents.map((d) => [d.id, d.access])).toEqual([
      ['vendor-security-policy', 'ok'],
      ['data-retention-policy', 'ok'],
    ]);
  });
});

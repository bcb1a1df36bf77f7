// `citelens audit` on the real demo answers and PDFs: the exit code is the release gate, stdout one JSON object or a
// Markdown report, stderr the progress. Most runs are in-process (runAudit); one goes through the real CLI.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';
import { runAudit } from './audit-command.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const demo = path.join(repoRoot, 'src/server/demo-data');
const demoAnswer = (id: string) => path.join(demo, 'answers', `${id}.json`);
const NOW = () => new Date('2026-04-01T10:00:00.000Z');

async function audit(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runAudit(
    args,
    (s) => void (stdout += s),
    (s) => void (stderr += s),
    NOW,
  );
  return { code, stdout, stderr };
}

interface Ratio {
  n: number;
  m: number;
  text: string;
}
interface AuditJson {
  pass: boolean;
  documentsDir: string | null;
  summary: { answers: number; passed: number; failed: number; retrieved: Ratio; quoteFound: Ratio; pageCorrect: Ratio; highlight: Ratio; supported: Ratio };
  answers: Array<{
    file: string;
    answerId: string;
    pass: boolean;
    error?: string;
    gateFailures: string[];
    metrics: Record<string, Ratio>;
    documents: Array<{ id: string; file: string | null; access: string; version?: string }>;
    review: { entries: Array<{ claim: string; citation: { key: string } | null; flags: Array<{ code: string }> }> };
  }>;
}

/** A data folder of our own: some demo answers and the demo documents, plus whatever a test adds. */
function dataFolder(answers: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'citelens-audit-'));
  mkdirSync(path.join(dir, 'answers'));
  mkdirSync(path.join(dir, 'documents'));
  for (const id of answers) copyFileSync(demoAnswer(id), path.join(dir, 'answers', `${id}.json`));
  for (const f of ['vendor-security-policy.pdf', 'vendor-security-policy.meta.json', 'data-retention-policy.pdf', 'data-retention-policy.meta.json']) {
    copyFileSync(path.join(demo, 'documents', f), path.join(dir, 'documents', f));
  }
  return dir;
}

// PDF loading and locating are slow on a busy machine: these runs get more time than the default 30 s.
const SLOW = { timeout: 120_000 };

describe('citelens audit on one answer', SLOW, () => {
  it('passes (exit 0) an answer whose every quote is on its page, with documents found beside the answers folder', async () => {
    const r = await audit(demoAnswer('vendor-encryption'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as AuditJson;
    expect(out.pass).toBe(true);
    expect(out.documentsDir).toBe(path.join(demo, 'documents'));
    const [a] = out.answers;
    expect(a).toMatchObject({ answerId: 'vendor-encryption', pass: true, gateFailures: [] });
    expect(a!.documents).toEqual([
      {
        id: 'vendor-security-policy',
        title: 'Vendor Security Policy',
        file: path.join(demo, 'documents', 'vendor-security-policy.pdf'),
        access: 'ok',
        version: '2026-03',
      },
    ]);
    for (const k of ['retrieved', 'quoteFound', 'pageCorrect', 'highlight', 'supported']) expect(a!.metrics[k], k).toEqual({ n: 6, m: 6, text: '6 / 6' });
    // the one finding is a warning: the summary sentence cites nothing
    expect(a!.review.entries.flatMap((e) => e.flags.map((f) => f.code))).toEqual(['uncited']);
  });

  it('fails (exit 1) an answer with a quote the PDF does not hold, says why, and never fails it for a claim that needs a look', async () => {
    const r = await audit(demoAnswer('retention-vs-security'), '--format', 'json');
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as AuditJson;
    const [a] = out.answers;
    expect(out.pass).toBe(false);
    expect(a!.pass).toBe(false);
    // "… within the 30-day window [2]": [2] does not state it, which needs a look (info) but fails nothing
    const flags = a!.review.entries.flatMap((e) => e.flags) as Array<{ code: string; severity?: string; reason?: string }>;
    expect(flags.find((f) => f.code === 'needs-look' && f.reason?.includes('30-day window'))?.severity).toBe('info');
    expect(a!.gateFailures).toEqual([
      expect.stringMatching(
        /^“Vendors may also keep backup copies for up to 90 days after the contract ends\.”: \[quote-not-found\] The quote is not in “Data Retention Policy”/u,
      ),
    ]);
    expect(a!.metrics.quoteFound).toEqual({ n: 3, m: 4, text: '3 / 4' });
    expect(a!.metrics.supported!.n).toBeLessThan(a!.metrics.supported!.m);
  });

  it('writes the same verdicts as a Markdown report', async () => {
    const pass = await audit(demoAnswer('vendor-encryption'), '--format', 'md');
    expect(pass.code).toBe(0);
    expect(pass.stdout).toMatch(/^# citelens audit: PASS\n/u);
    expect(pass.stdout).toContain('| Page correct | 6 / 6 |');
    expect(pass.stdout).toContain('| vendor-encryption | pass | 0 | 1 | 6 / 6 | 6 / 6 | 6 / 6 | 6 / 6 | 6 / 6 |');
    const fail = await audit(demoAnswer('retention-vs-security'), '--format', 'md');
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(/^# citelens audit: FAIL\n/u);
    expect(fail.stdout).toContain('## retention-vs-security: FAIL');
    expect(fail.stdout).toContain('Fails the release gate:');
    expect(fail.stdout).toMatch(
      /- \[4\] → S4 · “Data Retention Policy” · page 2 · status: not-located · verdict: failed a check\n {2}- Quote: “[^\n]*”\n {2}- \*\*Error\*\* `quote-not-found`/u,
    );
  });

  it('without a documents folder, every cited document is unavailable and the answer fails', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'citelens-audit-nodocs-')), 'answers');
    mkdirSync(dir);
    copyFileSync(demoAnswer('vendor-encryption'), path.join(dir, 'a.json'));
    const r = await audit(path.join(dir, 'a.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no documents\/ folder beside/u);
    const out = JSON.parse(r.stdout) as AuditJson;
    expect(out.summary.retrieved).toEqual({ n: 0, m: 6, text: '0 / 6' });
    expect(out.answers[0]!.gateFailures[0]).toMatch(/\[evidence-unavailable\] “Vendor Security Policy” was not found \(404\)/u);
  });

  it('reads a wrapped answer with the adapt loader, and refuses a forbidden document as the server does', async () => {
    const dir = dataFolder(['demo-query-agent']);
    writeFileSync(path.join(dir, 'documents', 'data-retention-policy.meta.json'), JSON.stringify({ title: 'Data Retention Policy', access: 'forbidden' }));
    const r = await audit(path.join(dir, 'answers', 'demo-query-agent.json'));
    expect(r.code).toBe(1);
    const a = (JSON.parse(r.stdout) as AuditJson).answers[0]!;
    expect(a.answerId).toBe('demo-query-agent');
    expect(a.documents.find((d) => d.id === 'data-retention-policy')).toMatchObject({ access: 'unavailable' });
    expect(a.gateFailures).toEqual([expect.stringContaining('[evidence-unavailable] “Data Retention Policy” is locked: you are not allowed to see it (403)')]);
    expect(a.metrics.retrieved).toEqual({ n: 3, m: 4, text: '3 / 4' });
  });
});

describe('citelens audit over a folder', SLOW, () => {
  it('audits every answer, a progress line each and a summary on stderr; one failure fails the run', async () => {
    const dir = dataFolder(['vendor-encryption', 'retention-vs-security', 'demo-sid-bbox']);
    writeFileSync(path.join(dir, 'answers', 'broken.json'), '{ not json');
    const r = await audit(dir, '--format', 'json');
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^audit \[1\/4\] .*broken\.json: UNREADABLE: .*is not valid JSON/u),
      expect.stringMatching(/^audit \[2\/4\] .*demo-sid-bbox\.json: pass \(0 errors, 0 warnings\)$/u),
      expect.stringMatching(/^audit \[3\/4\] .*retention-vs-security\.json: FAIL \(1 error, \d+ warnings?\)$/u),
      expect.stringMatching(/^audit \[4\/4\] .*vendor-encryption\.json: pass \(0 errors, 1 warning\)$/u),
      expect.stringMatching(
        /^audit: 4 answers, 2 passed, 2 failed; cited source retrieved 14 \/ 14; quote found in the document 13 \/ 14; page correct 13 \/ 13; /u,
      ),
    ]);
    const out = JSON.parse(r.stdout) as AuditJson;
    expect(out.documentsDir).toBe(path.join(dir, 'documents'));
    expect(out.summary).toMatchObject({ answers: 4, passed: 2, failed: 2, retrieved: { n: 14, m: 14 }, pageCorrect: { n: 13, m: 13 } });
    expect(out.answers.map((a) => [a.answerId ?? a.file, a.pass])).toEqual([
      [expect.stringContaining('broken.json'), false],
      ['demo-sid-bbox', true],
      ['retention-vs-security', false],
      ['vendor-encryption', true],
    ]);
  });

  it('passes a folder whose answers all pass, with --docs pointing elsewhere', async () => {
    const dir = dataFolder(['vendor-encryption', 'demo-sid-bbox']);
    const r = await audit(path.join(dir, 'answers'), '--docs', path.join(dir, 'documents'), '--format', 'md');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2 answers: 2 passed, 0 failed.');
  });
});

describe('bad usage exits 2 with the reason on stderr and nothing on stdout', () => {
  it.each([
    [[]],
    [['--format', 'md']],
    [['x.json', '--format', 'xml']],
    [['/nonexistent/answer.json']],
    [[demoAnswer('vendor-encryption'), '--docs', '/nonexistent']],
    [[demoAnswer('vendor-encryption'), '--frobnicate']],
    [[demoAnswer('vendor-encryption'), demoAnswer('vendor-access')]],
  ])('%j', async (args) => {
    const r = await audit(...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^citelens audit: .+\n\nUsage:\n {2}citelens audit/u);
  });

  it('an unreadable answer file exits 2 with the JSON paths', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'citelens-audit-bad-'));
    writeFileSync(path.join(dir, 'a.json'), JSON.stringify({ id: 'a', text: 1, documents: [], sources: [] }));
    const r = await audit(path.join(dir, 'a.json'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/is not a canonical answer:\n {2}- text: /u);
  });
});

describe('as `citelens audit`', () => {
  it('exits 1 with JSON on stdout', async () => {
    const fail = await runCli(['audit', demoAnswer('retention-vs-security')]);
    expect(fail.code).toBe(1);
    expect((JSON.parse(fail.stdout) as AuditJson).answers[0]!.answerId).toBe('retention-vs-security');
  }, 180_000);
});

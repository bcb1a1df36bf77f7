import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';
import { buildFixturePdf } from './fixtures.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'citelens-cli-'));
const pdfPath = path.join(tmp, 'fixture.pdf');

const cli = (...args: string[]) => runCli(args);

describe('citelens CLI', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    writeFileSync(pdfPath, (await buildFixturePdf()).bytes);
  });

  it('--help prints usage to stdout and exits 0', async () => {
    const r = await cli('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Usage:/);
  });

  it('bad usage exits 2 with a message on stderr and nothing on stdout', async () => {
    for (const args of [[], ['locate'], ['locate', pdfPath], ['frobnicate'], ['locate', pdfPath, '--quote', 'x', '--page', 'zero']]) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/citelens:/);
    }
  });

  it('a corrupt or missing PDF exits 2', async () => {
    const bad = path.join(tmp, 'bad.pdf');
    writeFileSync(bad, '%PDF-1.4\n1 0 obj << /Type /Catalog >>\ngarbage');
    const r = await cli('locate', bad, '--quote', 'anything');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/cannot read/);
    expect((await cli('locate', path.join(tmp, 'missing.pdf'), '--quote', 'x')).code).toBe(2);
  });

  it('prints one JSON array in input order with the ids echoed unchanged', async () => {
    const q = path.join(tmp, 'q.json');
    const quotes = [
      { id: 'a', text: 'answers against the cited PDF', page: 1 },
      { id: 7, text: 'located on its page and highlighted with one rectangle' },
      { id: { k: [1] }, text: 'rotated by ninety degrees', page: 2 },
      { id: null, text: 'The quarterly revenue of the northern subsidiary grew.' },
    ];
    writeFileSync(q, JSON.stringify(quotes));
    const r = await cli('locate', pdfPath, '--quotes', q);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { id: unknown; found: boolean; page: number | null; rects: unknown[] }[];
    expect(Array.isArray(out)).toBe(true);
    expect(out.map((o) => o.id)).toEqual(quotes.map((o) => o.id));
    expect(out.map((o) => o.found)).toEqual([true, true, true, false]);
    expect(out[2]).toMatchObject({ page: 2 });
    expect(out[3]).toMatchObject({ page: null, rects: [] });
    const single = await cli('locate', pdfPath, '--quote', 'one rectangle per line', '--page', '1');
    expect(single.code).toBe(0);
    expect(JSON.parse(single.stdout)).toMatchObject([{ id: 'quote', found: true, page: 1 }]);
  });
});

describe('the real process', { timeout: 120_000 }, () => {
  // src/cli/main.ts around `run`: stdout carries exactly the JSON (pdf.js's console output goes to stderr), and the
  // exit status is run's code. One spawn covers the shell; every other case runs in process.
  it('prints one JSON line on stdout and exits 0; bad usage exits 2 with nothing on stdout', () => {
    const spawnCli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 110_000 });
    const ok = spawnCli('locate', pdfPath, '--quote', 'one rectangle per line', '--page', '1');
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(ok.stdout)).toMatchObject([{ id: 'quote', found: true, page: 1 }]);
    const bad = spawnCli('locate');
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/citelens: missing FILE.pdf/);
  });
});

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';
import { MAX_PDF_BYTES, readInputText } from './read-input.ts';

// A FIFO, a directory or a huge file given to the command line is refused at once with a message that says what it
// is, instead of blocking forever on a pipe nobody writes to, or running out of memory minutes later.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'citelens-cli-input-'));
const fifo = path.join(tmp, 'pipe.pdf');
const fifoJson = path.join(tmp, 'pipe.json');
execFileSync('mkfifo', [fifo, fifoJson]);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// The FIFO cases run a real process: if the CLI blocked on the pipe, an in-process test would hang the test worker.
function cli(...args: string[]) {
  // If the CLI blocked, spawnSync would kill it after 60 s and the exit code would be null.
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('files the command line will not read', { timeout: 90_000 }, () => {
  it('locate FIFO: exit 2, "a FIFO (named pipe)", nothing on stdout', () => {
    const r = cli('locate', fifo, '--quote', 'anything');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`cannot read ${fifo}: it is a FIFO (named pipe), not a regular file`);
  });

  it('locate --quotes FIFO and adapt FIFO are refused the same way', () => {
    const pdf = path.join(tmp, 'tiny.pdf');
    writeFileSync(pdf, '%PDF-1.7');
    const quotes = cli('locate', pdf, '--quotes', fifoJson);
    expect(quotes.code).toBe(2);
    expect(quotes.stderr).toContain('it is a FIFO (named pipe), not a regular file');
    const adapt = cli('adapt', fifoJson);
    expect(adapt.code).toBe(2);
    expect(adapt.stderr).toContain('it is a FIFO (named pipe), not a regular file');
  });

  it('a directory is named as one', async () => {
    const r = await runCli(['adapt', tmp]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('it is a directory, not a regular file');
  });

  it('a PDF over the cap is refused by its size, without being read', async () => {
    const huge = path.join(tmp, 'huge.pdf');
    writeFileSync(huge, '');
    truncateSync(huge, MAX_PDF_BYTES + 1); // sparse: no disk used
    const r = await runCli(['locate', huge, '--quote', 'anything']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('it is too large (512.0 MB; at most 512.0 MB)');
  });
});

describe('readInputText', () => {
  it('drops a UTF-8 byte order mark', () => {
    const file = path.join(tmp, 'bom.json');
    writeFileSync(file, '\uFEFF{"a":1}');
    expect(JSON.parse(readInputText(file))).toEqual({ a: 1 });
  });
});

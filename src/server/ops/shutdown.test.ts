// @vitest-environment node
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../test-server.ts';

// Issue 39: SIGTERM while a question's answer is being streamed and a reviewer watches the live review stream. The
// answer is streamed to its end, the live stream is ended (its client reconnects elsewhere), no new connection is
// taken, and the server exits 0 after closing the database.

const demo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo-data');
let work: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'citelens-shutdown-'));
  mkdirSync(path.join(work, 'data', 'answers'), { recursive: true });
  mkdirSync(path.join(work, 'data', 'documents'), { recursive: true });
  copyFileSync(path.join(demo, 'answers', 'vendor-access.json'), path.join(work, 'data', 'answers', 'vendor-access.json'));
  const sentences = Array.from({ length: 12 }, (_, i) => `Backup set ${i + 1} is kept for thirty days in the second region before it is deleted.`);
  writeFileSync(path.join(work, 'data', 'documents', 'backups.txt'), `${sentences.join('\n')}\n`);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Reads a response body until `until` matches what was read; returns what was read. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: RegExp, sofar = ''): Promise<string> {
  const decoder = new TextDecoder();
  let text = sofar;
  while (!until.test(text)) {
    const { value, done } = await reader.read();
    if (done) return `${text}<end>`;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

describe('graceful shutdown', () => {
  it('finishes the answer being streamed, ends the live review stream, refuses new connections, exits 0', async () => {
    const server = await startServerProcess({ CITELENS_DATA: path.join(work, 'data'), CITELENS_SHUTDOWN_GRACE_MS: '20000' }, work);
    try {
      const watch = await fetch(`${server.url}/api/answers/vendor-access/review/events`);
      const events = watch.body!.getReader();
      expect(await readUntil(events, /event: ready/)).toContain('event: ready');

      const asked = await fetch(`${server.url}/api/ask`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ question: 'How long is a backup set kept?' }),
      });
      const answer = asked.body!.getReader();
      const before = await readUntil(answer, /event: text/);
      expect(before).not.toContain('event: done');

      const exited = server.stop();
      // The live stream ends at once; the answer goes on to its end.
      expect(await readUntil(events, /(?!)/)).toMatch(/<end>$/);
      const rest = await readUntil(answer, /event: done/, before);
      expect(rest).toMatch(/event: done/);
      expect(rest).not.toMatch(/event: error/);
      expect(await exited).toBe(0);
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

      // …and the answer was stored before the database closed: one JSON line per request said so on the way.
      const logged = server
        .stderr()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { method: string; route: string; status: number });
      expect(logged).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'POST', route: '/api/ask', status: 200 })]));
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);
});

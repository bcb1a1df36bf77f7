import { describe, expect, it, vi } from 'vitest';
import { parseAnswerMarkdown } from '../../core/markdown/parse-answer-markdown.ts';
import { parseOffMain } from './markdown-client.ts';

/** A stand-in for the parse worker: answers after `delayMs` (never when null), and records terminate(). */
function fakeWorker(delayMs: number | null) {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  const worker = {
    terminated: false,
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    postMessage: (text: string) => {
      if (delayMs === null) return;
      setTimeout(() => listeners.get('message')?.forEach((fn) => fn({ data: parseAnswerMarkdown(text) })), delayMs);
    },
    terminate: () => {
      worker.terminated = true;
    },
  };
  return worker;
}

describe('parseOffMain', () => {
  const text = '## Heading\n\nA claim [1] with **emphasis**.';

  it("gives the worker's parse, and ends the worker", async () => {
    const worker = fakeWorker(5);
    const parsed = await parseOffMain(text, 1_000, () => worker as unknown as Worker);
    expect(parsed).toEqual(parseAnswerMarkdown(text));
    expect(parsed.simplified).toBeNull();
    expect(worker.terminated).toBe(true);
  });

  it('falls back to plain text with its markers, saying why, when the parse takes longer than the budget', async () => {
    vi.useFakeTimers();
    try {
      const worker = fakeWorker(null);
      const result = parseOffMain(text, 3_000, () => worker as unknown as Worker);
      await vi.advanceTimersByTimeAsync(3_000);
      const parsed = await result;
      expect(parsed.simplified).toBe('slow');
      expect(parsed.markers.map((m) => m.refs.map((r) => r.key))).toEqual([['1']]);
      expect(worker.terminated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('parses on the main thread where no worker can start', async () => {
    const parsed = await parseOffMain(text, 1_000, () => {
      throw new Error('no workers here');
    });
    expect(parsed).toEqual(parseAnswerMarkdown(text));
  });
});

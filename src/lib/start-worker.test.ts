// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBundledWorker, startModuleWorkerViaBlob } from './start-worker.ts';

// What each start-up hands `new Worker`: the script itself on a normal page, a blob bootstrap in a sandboxed frame.
const started: { url: string; options?: WorkerOptions }[] = [];
const blobs = new Map<string, Blob>();

beforeEach(() => {
  started.length = 0;
  // As in the build (the dev server starts modules, which these tests do not cover).
  vi.stubEnv('DEV', false);
  vi.stubGlobal(
    'Worker',
    class {
      constructor(url: string | URL, options?: WorkerOptions) {
        started.push({ url: String(url), ...(options ? { options } : {}) });
      }
    },
  );
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const sandboxed = () => vi.spyOn(window, 'origin', 'get').mockReturnValue('null');

describe('starting our workers', () => {
  it('starts the built script as a classic worker from its absolute URL on a normal page', () => {
    startBundledWorker('/assets/locate-worker.js');
    expect(started).toEqual([{ url: new URL('/assets/locate-worker.js', window.location.href).href, options: { type: 'classic' } }]);
  });

  it('in a sandboxed frame starts a blob bootstrap that imports the real script', async () => {
    sandboxed();
    startBundledWorker('/assets/review-worker.js');
    expect(started[0]!.url).toMatch(/^blob:/);
    const code = await blobs.get(started[0]!.url)!.text();
    expect(code).toContain(`importScripts(${JSON.stringify(new URL('/assets/review-worker.js', window.location.href).href)})`);
  });

  it('a module worker started through a blob holds the messages that come before the module is in', async () => {
    sandboxed();
    startModuleWorkerViaBlob('/assets/pdf.worker.mjs');
    const code = await blobs.get(started[0]!.url)!.text();
    expect(code).toContain('import(');
    expect(code).toContain('held.push');
  });
});

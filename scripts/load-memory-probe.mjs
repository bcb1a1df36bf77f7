// Preloaded into the server by `scripts/load.ts --memory` (never by the product): on SIGUSR2 it appends the
// process's memory to the file named by CITELENS_LOAD_MEMORY_FILE as one JSON line, so the load script can place RSS
// in the JS heap (heapTotal: what V8 holds, garbage included) or outside it (native memory). With
// CITELENS_LOAD_MEMORY_GC=1 (`--gc`, the server runs with --expose-gc) it collects garbage first: heapUsed is then
// what is still alive. With CITELENS_LOAD_HEAP_SNAPSHOTS=1 it also writes a heap
// snapshot beside that file, to compare two of them in Chrome's DevTools (Memory, "Comparison").
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

const file = process.env.CITELENS_LOAD_MEMORY_FILE;
let count = 0;
if (file) {
  process.on('SIGUSR2', () => {
    if (process.env.CITELENS_LOAD_MEMORY_GC === '1' && typeof globalThis.gc === 'function') {
      // Twice: the first collection may only queue finalizers (weak references, FinalizationRegistry).
      globalThis.gc();
      globalThis.gc();
    }
    const m = process.memoryUsage();
    const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    const line = {
      n: ++count,
      rss: mb(m.rss),
      heapUsed: mb(m.heapUsed),
      heapTotal: mb(m.heapTotal),
      external: mb(m.external),
      arrayBuffers: mb(m.arrayBuffers),
      malloced: mb(v8.getHeapStatistics().malloced_memory),
    };
    if (process.env.CITELENS_LOAD_HEAP_SNAPSHOTS === '1') line.snapshot = v8.writeHeapSnapshot(path.join(path.dirname(file), `server-${count}.heapsnapshot`));
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
}

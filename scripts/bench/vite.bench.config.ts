import { defineConfig } from 'vite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from '../precompress-plugin.ts';

// Builds the pdf.js reference harness (scripts/bench/ref) for scripts/bench.ts:
//   BENCH_REF_OUT=<dir> npx vite build --config scripts/bench/vite.bench.config.ts
// The pdf.js resource folders (cmaps, standard_fonts, wasm, iccs) are copied next to it by scripts/bench.ts from
// the citelens build, so both viewers load the very same files.
const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = process.env.BENCH_REF_OUT;
if (!outDir) throw new Error('BENCH_REF_OUT must name the output folder');

export default defineConfig({
  root: path.join(here, 'ref'),
  base: '/',
  logLevel: 'warn',
  // Served compressed as citelens's build is (the same server code sends the .br / .gz copies).
  plugins: [precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 5000,
    // The viewer reference of /bench (index.html) and of the answer route (route.html, scripts/bench-route.ts).
    rolldownOptions: { input: { index: path.join(here, 'ref/index.html'), route: path.join(here, 'ref/route.html') } },
  },
});

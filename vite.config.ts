import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { viteStaticCopy } from 'vite-plugin-static-copy';
import { createRequire } from 'node:module';
import path from 'node:path';
import { precompress } from './scripts/precompress-plugin.ts';

// Serve pdf.js's cMaps, standard fonts, wasm decoders and ICC profiles from our own origin, copied from the very
// pdfjs-dist that react-pdf resolves, so that no request ever leaves the origin.
const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json', { paths: [require.resolve('react-pdf')] }));

/**
 * micromark decodes character references with decode-named-character-reference, whose "browser" build makes an
 * element (`document.createElement`) as it loads. A worker has no document: the review worker threw "document is not
 * defined" on start, and every review ran on the main thread instead (issue #37 found it: 110-180 ms a review there).
 * The Markdown and locate workers bundled the same build. In the workers' bundles, its plain build.
 */
function workerSafeEntities(): Plugin {
  const plain = require.resolve('decode-named-character-reference', { paths: [require.resolve('micromark')] });
  return {
    name: 'citelens-worker-safe-entities',
    enforce: 'pre',
    resolveId: (id) => (id === 'decode-named-character-reference' ? plain : null),
  };
}

/** The dev server answers /bench with the bench page's own HTML, as src/server/app.ts does for the build. */
function benchPageInDev(): Plugin {
  return {
    name: 'citelens-bench-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const m = /^\/bench\/?(\?.*)?$/.exec(req.url ?? '');
        if (m) req.url = `/src/app/bench/bench.html${m[1] ?? ''}`;
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    benchPageInDev(),
    // A brotli and a gzip copy of each script, style and wasm file, which the server sends (src/server/build-files.ts).
    precompress(),
    viteStaticCopy({
      targets: ['cmaps', 'standard_fonts', 'wasm', 'iccs'].map((dir) => ({
        src: path.join(pdfjsDir, dir).replaceAll('\\', '/') + '/*',
        dest: `pdfjs/${dir}`,
      })),
    }),
  ],
  worker: {
    plugins: () => [workerSafeEntities()],
  },
  resolve: {
    // react-pdf's link service is the only importer of pdf.js's whole viewer module: see the shim for why it is not
    // needed. (The exact specifier only: nothing else of pdfjs-dist/web is touched.)
    alias: [
      { find: /^pdfjs-dist\/web\/pdf_viewer\.mjs$/, replacement: path.resolve(import.meta.dirname, 'src/features/viewer/document/pdfjs-viewer-shim.ts') },
    ],
  },
  server: {
    // scripts/dev.mjs runs the API server on 4174.
    proxy: { '/api': 'http://127.0.0.1:4174' },
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      // Two pages: the app, and /bench (the viewer alone, for the benchmark; the server serves it at /bench).
      input: { index: path.resolve(import.meta.dirname, 'index.html'), bench: path.resolve(import.meta.dirname, 'src/app/bench/bench.html') },
      output: {
        codeSplitting: {
          // pdf.js is a chunk of its own (its display layer), loaded only with the viewer, so the home page and the answer text
          // never wait for it, and cached across releases of our viewer code. Its worker is a separate file already.
          groups: [{ name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]build[\\/]/ }],
        },
      },
    },
  },
});

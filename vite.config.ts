import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { viteStaticCopy } from 'vite-plugin-static-copy';
import { createRequire } from 'node:module';
import path from 'node:path';

// Serve pdf.js's cMaps, standard fonts, wasm decoders and ICC profiles from our own origin, copied from the very
// pdfjs-dist that react-pdf resolves, so that no request ever leaves the origin.
const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json', { paths: [require.resolve('react-pdf')] }));

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    viteStaticCopy({
      targets: ['cmaps', 'standard_fonts', 'wasm', 'iccs'].map((dir) => ({
        src: path.join(pdfjsDir, dir).replaceAll('\\', '/') + '/*',
        dest: `pdfjs/${dir}`,
      })),
    }),
  ],
  server: {
    // scripts/dev.mjs runs the API server on 4174.
    proxy: { '/api': 'http://127.0.0.1:4174' },
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // pdf.js is a chunk of its own (its display layer, and the viewer components react-pdf imports, apart:
          // each stays under the size warning), loaded only with the viewer, so the home page and the answer text
          // never wait for it, and cached across releases of our viewer code. Its worker is a separate file already.
          groups: [
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]build[\\/]/ },
            { name: 'pdfjs-viewer', test: /node_modules[\\/]pdfjs-dist[\\/]web[\\/]/ },
          ],
        },
      },
    },
  },
});

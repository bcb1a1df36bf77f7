// pdf.js's legacy build for a test in Node, with Promise.withResolvers, which pdfjs-dist 6 uses and Node 20 lacks.
import '../lib/promise-with-resolvers.ts';

export const nodePdfjs = () => import('pdfjs-dist/legacy/build/pdf.mjs');

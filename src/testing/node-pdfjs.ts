// pdf.js's legacy build for a test in Node: load-pdf.ts (the CLI's loader) fills in Promise.withResolvers, which
// pdfjs-dist 6 uses and Node 20 lacks, when it is imported.
import '../node/load-pdf.ts';

export const nodePdfjs = () => import('pdfjs-dist/legacy/build/pdf.mjs');

import { pdfResourceUrls } from '../../../src/features/viewer/document/pdf-loading-options.ts';

// How pdf.js's viewer application opens a PDF by default (its web/app_options.js): the resource folders (the ones
// citelens uses, copied from the same pdfjs-dist by scripts/bench.ts), and nothing else changed: range requests,
// streaming and auto-fetch on, XFA on. Both reference pages (index.html, route.html) open their PDF with it.
export function pdfjsViewerDefaults(base: string) {
  return { ...pdfResourceUrls(base), enableXfa: true };
}

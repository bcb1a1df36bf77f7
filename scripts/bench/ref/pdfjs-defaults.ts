// How pdf.js's viewer application opens a PDF by default (its web/app_options.js): the resource folders, and nothing
// else changed (range requests, streaming and auto-fetch on; XFA on). The folders are the ones citelens uses, copied
// from the same pdfjs-dist by scripts/bench.ts. Both reference pages (index.html, route.html) open their PDF with it.
export function pdfjsViewerDefaults(base: string) {
  return {
    cMapUrl: `${base}pdfjs/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${base}pdfjs/standard_fonts/`,
    wasmUrl: `${base}pdfjs/wasm/`,
    iccUrl: `${base}pdfjs/iccs/`,
    enableXfa: true,
  };
}

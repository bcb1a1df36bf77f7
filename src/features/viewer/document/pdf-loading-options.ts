// How pdf.js loads every PDF we open, apart from the worker and the API's headers (pdf-options.ts adds those). No
// imports: the resource folders' URLs and pdf.js's loading switches, nothing else.

/** pdf.js's resource folders (CMaps, standard fonts, wasm decoders, ICC profiles), copied by our build (vite.config.ts). */
export function pdfResourceUrls(base: string) {
  return {
    cMapUrl: `${base}pdfjs/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${base}pdfjs/standard_fonts/`,
    wasmUrl: `${base}pdfjs/wasm/`,
    iccUrl: `${base}pdfjs/iccs/`,
  } as const;
}

/** `base`: the app's base URL; the resource folders are copied from pdfjs-dist by our build (vite.config.ts). */
export function pdfLoadingOptions(base: string) {
  return {
    ...pdfResourceUrls(base),
    enableXfa: false,
    // For a PDF opened from its URL (the text checks, printing, and the viewer when it could not read the file
    // itself: pdf-bytes.ts): range requests + streaming, so the document opens as soon as its first page's objects
    // have arrived. pdf.js honours disableAutoFetch only when streaming is off, so the rest of the file still streams
    // in the background, which is what makes pdf.js's progress move on a slow connection.
    disableAutoFetch: true,
    disableStream: false,
    disableRange: false,
  } as const;
}

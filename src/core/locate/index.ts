// The quote locator's public API. Pure TypeScript (no React, no I/O).
export { locateInDocument, locateInIndex, DEFAULT_MIN_SCORE } from './locate.ts';
export type { LocateResult, LocateOptions, LocateInDocumentOptions } from './locate.ts';
export { TextIndex } from './text-index.ts';
export type { IndexedPage } from './text-index.ts';
export { normalizeText, matchKey } from './normalize.ts';
export type { Normalized } from './normalize.ts';
export { substringBox } from './rects.ts';
export type { PageText, TextRun, FontStyle, MeasureText } from './page-text.ts';

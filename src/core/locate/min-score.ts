// The score under which an approximate match is not taken as the quote's passage. A module of its own because the
// viewer needs the number at once while the locator itself (locate.ts, the text index, bidi: ~20 kB gzip) runs in
// its worker: importing the number from locate.ts put the whole locator in the viewer's first-paint code.

export const DEFAULT_MIN_SCORE = 0.6;

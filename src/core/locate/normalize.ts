// Text normalization for matching quotes against a PDF's text layer. Pure, no I/O.
//
// Both the quote and the page text go through `normalizeText`, which returns a folded string plus, for every
// output UTF-16 unit, the [start, end) range of the raw input it came from, so matches map back to raw text.
//
// Folding (ideas from pdf.js's find controller, reimplemented):
//  - NFKC per code point (ligatures ﬁ→fi, full-/half-width forms, Arabic presentation forms → base letters),
//    then NFD and removal of combining marks (diacritics: "résumé" ≡ "resume"), lower case;
//  - Arabic/Persian variants: ي/ى→ی, ك→ک, ة→ه; tatweel and harakat removed;
//  - curly quotes → straight, every dash → '-', soft hyphens and zero-width/format characters removed;
//  - whitespace (including line breaks) folds to one space; no space is kept between CJK characters;
//  - hyphens are dropped together with the whitespace right after them, so "poli-\ncy" ≡ "policy" AND
//    "end-\nto-end" ≡ "end-to-end" (the quote is folded the same way, so both readings match);
//  - other punctuation is dropped (it is unreliable in text layers: encodings, spacing, quote styles).
// The result keeps letters, digits, symbols and single spaces (word separators). The match key is the
// same string without spaces (`toKey`), which also makes matching immune to spurious spaces ("H 2 O" ≡ "H2O").

export interface Normalized {
  /** Folded text: letters, digits, symbols, single spaces. */
  text: string;
  /** For each UTF-16 unit of `text`, the start offset (UTF-16) in the raw input it came from. */
  start: Int32Array;
  /** For each UTF-16 unit of `text`, the end offset (exclusive) in the raw input. */
  end: Int32Array;
}

const ARABIC_FOLD: Record<string, string> = {
  '\u064A': '\u06CC', // Arabic yeh → Farsi yeh
  '\u0649': '\u06CC', // alef maksura → Farsi yeh
  '\u0643': '\u06A9', // Arabic kaf → keheh
  '\u0629': '\u0647', // teh marbuta → heh
};

const PUNCT_FOLD: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u00AB': '"',
  '\u00BB': '"',
};

const DASHES = /[\u002D\u00AD\u2010-\u2015\u2212\u2E3A\u2E3B\uFE58\uFE63\uFF0D\u058A\u1806]/u;
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u3000-\u303F\u30FC\uFF61-\uFF9F]/u;
const SPACE = /[\s\p{Zs}\p{Zl}\p{Zp}]/u;
const KEEP = /[\p{L}\p{N}\p{S}]/u;
// Tatweel last: ESLint reads a letter followed by a mark inside a class as one combined character.
const DROP_ARABIC = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/u;

const SPACE_MARK = ' ';
const HYPHEN_MARK = '-';

const foldCache = new Map<string, string>();
/** Fast path for the Basic Multilingual Plane below U+3000 (Latin, Greek, Cyrillic, Arabic, punctuation...). */
const FAST_LIMIT = 0x3000;
const fastFold: (string | undefined)[] = new Array<string | undefined>(FAST_LIMIT);

/** Folds one code point to its comparable form: '' (dropped), ' ' (space), '-' (hyphen) or kept characters. */
export function foldChar(ch: string): string {
  const cached = foldCache.get(ch);
  if (cached !== undefined) return cached;
  let out = '';
  if (ch === '\u00AD')
    out = ''; // soft hyphen: invisible, always removed
  else if (SPACE.test(ch)) out = SPACE_MARK;
  else if (DASHES.test(ch)) out = HYPHEN_MARK;
  else {
    const k = (PUNCT_FOLD[ch] ?? ch).normalize('NFKC');
    for (const c0 of k.normalize('NFD').toLowerCase()) {
      const c = ARABIC_FOLD[c0] ?? c0;
      if (DROP_ARABIC.test(c)) continue;
      if (SPACE.test(c)) out += SPACE_MARK;
      else if (DASHES.test(c)) out += HYPHEN_MARK;
      else if (KEEP.test(c)) out += c.normalize('NFC');
      // marks (diacritics), punctuation, controls and format characters are dropped
    }
  }
  if (foldCache.size < 50_000) foldCache.set(ch, out);
  return out;
}

export function isCjk(ch: string): boolean {
  return CJK.test(ch);
}

/**
 * Normalizes `raw` for matching and maps every output unit back to the raw range it came from.
 * Never throws; every map entry satisfies 0 <= start < end <= raw.length.
 */
export function normalizeText(raw: string): Normalized {
  const chars: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let pendingSpace = false;
  let afterHyphen = false;
  let lastChar = '';
  let pendingSpaceAt = 0;
  let i = 0;
  while (i < raw.length) {
    const cp = raw.codePointAt(i) ?? 0;
    let folded: string;
    let next: number;
    if (cp < FAST_LIMIT) {
      next = i + 1;
      folded = fastFold[cp] ?? (fastFold[cp] = foldChar(String.fromCharCode(cp)));
    } else {
      const ch = String.fromCodePoint(cp);
      next = i + ch.length;
      folded = foldChar(ch);
    }
    if (folded === SPACE_MARK) {
      if (!afterHyphen && chars.length > 0) {
        if (!pendingSpace) pendingSpaceAt = i;
        pendingSpace = true;
      }
    } else if (folded === HYPHEN_MARK) {
      // a hyphen is dropped, and so is the whitespace right after it ("com- pile" ≡ "compile")
      afterHyphen = true;
      pendingSpace = false;
    } else if (folded.length > 0) {
      for (const c of folded.length === 1 ? [folded] : folded) {
        if (pendingSpace) {
          if (!(isCjk(lastChar) && isCjk(c))) {
            chars.push(' ');
            starts.push(pendingSpaceAt);
            ends.push(pendingSpaceAt + 1);
          }
          pendingSpace = false;
        }
        for (let u = 0; u < c.length; u++) {
          chars.push(c[u] as string);
          starts.push(i);
          ends.push(next);
        }
        lastChar = c;
      }
      afterHyphen = false;
    }
    i = next;
  }
  return { text: chars.join(''), start: Int32Array.from(starts), end: Int32Array.from(ends) };
}

/** The match key of a normalized text: no spaces at all. */
export function toKey(text: string): string {
  return text.replace(/ /g, '');
}

/** Convenience: the match key of a raw string (what a quote is searched as). */
export function matchKey(raw: string): string {
  return toKey(normalizeText(raw).text);
}

/** The punctuation signature of a raw string: its punctuation and symbols, folded (quotes, dashes). */
export function punctSignature(raw: string): string {
  let out = '';
  for (const ch of raw) {
    if (!/[\p{P}\p{S}]/u.test(ch)) continue;
    const f = foldChar(ch);
    out += f === '-' ? '-' : /[\u2018\u2019\u201A\u201B']/u.test(ch) ? "'" : /[\u201C-\u201F"]/u.test(ch) ? '"' : ch;
  }
  return out;
}

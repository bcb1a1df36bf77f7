// Negation: "is not located in Texas" and "is located in Texas" share every content word, so word overlap calls them
// a match (the negators are stop words). The polarity of a sentence is the parity of its negators; a claim whose
// every content word is in one evidence sentence of the opposite polarity is contradicted. Pure.

// English negators, whole words; "n't" inside a word ("isn't", "didn't"). "No." before a number is an abbreviation.
const ENGLISH =
  /(?<![\p{L}\p{N}])(?:not|no(?!\.\s*\d)|never|none|neither|nor|nobody|nothing|nowhere|without|cannot|unable|lacks?|lacked|failed to|fails to|fail to)(?![\p{L}\p{N}])|\p{L}n['’]t(?![\p{L}])/giu;
// Persian and Arabic: whole negative words, and Persian verbs with the negative prefix "ن" / "نمی" ("نمی‌شود", "نیست").
const PERSIAN =
  /(?<![\p{L}])(?:نه|هرگز|هیچ|بدون|لا|لم|لن|ليس|غير|نمی[\u200c ]?\p{L}+|نی?ست|نبود\p{L}*|نشد\p{L}*|نشده|ندار\p{L}*|نداشت\p{L}*|نکرد\p{L}*|نکن\p{L}*)(?![\p{L}])/gu;

export interface Negator {
  start: number;
  end: number;
  text: string;
}

/** The negators of `text`, in order. */
export function negators(text: string): Negator[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const out: Negator[] = [];
  for (const re of [ENGLISH, PERSIAN]) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) out.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** True when `text` says something is not so: an odd number of negators ("not unable" is positive). */
export function isNegative(text: string): boolean {
  return negators(text).length % 2 === 1;
}

/** Evidence cut into sentences (full stops, semicolons, line ends), for finding the one that states the claim. */
export function evidenceSentences(text: string): string[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/(?<=[.!?;؟。])\s+(?=\S)|\n+/u)
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s));
}

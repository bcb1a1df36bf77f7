// Numbers written out in English words: "twenty-four", "one hundred and five", "3 million" aside (digits are
// support-facts.ts's), and ordinals: "third", "twenty-first", "3rd". A claim that says "twenty-four hours" states the
// same fact as a passage that says "24 hours", so both sides read them. Pure; never throws on strings.
//
// The one list of English number words in the core: the support rules' evidence values (support-facts.ts) and the
// locator's differences (locate/differences.ts) take theirs from NUMBER_WORD_VALUES below, so a word one of them knows
// is known to all (each used to keep a list of its own, and they had drifted apart).

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SCALES: Record<string, number> = { hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
// Words that are a count on their own but never combine: "a dozen", "twice", "both".
const ALONE: Record<string, number> = { dozen: 12, twice: 2, thrice: 3, both: 2, once: 1, single: 1, half: 0.5 };

const ORDINAL_UNITS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
};
const ORDINAL_TENS: Record<string, number> = {
  twentieth: 20,
  thirtieth: 30,
  fortieth: 40,
  fiftieth: 50,
  sixtieth: 60,
  seventieth: 70,
  eightieth: 80,
  ninetieth: 90,
};
const ORDINAL_SCALES: Record<string, number> = { hundredth: 100, thousandth: 1e3, millionth: 1e6, billionth: 1e9, trillionth: 1e12 };
// Words that scale a quantity rather than count one: "double the dose", "a quarter of the staff". The reader below does
// not take them for counts ("a double room" is one room), but a passage that says "double" states a 2 and a quote
// that says "triple" where the document says "double" changed a number, so the value map carries them.
const MULTIPLES: Record<string, number> = { double: 2, triple: 3, quarter: 0.25 };

/** Every English number word (lower case) and its value: cardinals, counts alone, ordinals and multiples. */
export const NUMBER_WORD_VALUES: ReadonlyMap<string, number> = new Map(
  [UNITS, TENS, SCALES, ALONE, ORDINAL_UNITS, ORDINAL_TENS, ORDINAL_SCALES, MULTIPLES].flatMap((table) => Object.entries(table)),
);

/** True for a lower-case English number word of NUMBER_WORD_VALUES ("twelve", "twentieth", "twice", "double"). */
export const isNumberWord = (word: string): boolean => NUMBER_WORD_VALUES.has(word);

export interface NumberWord {
  /** Offsets into the text. */
  start: number;
  end: number;
  value: number;
  ordinal: boolean;
  /** As written. */
  text: string;
}

// Own keys only: "constructor" or "toString" in a sentence are words, not numbers (`in` reads the prototype too).
const has = (table: Record<string, number>, w: string) => Object.hasOwn(table, w);
const isCardinalWord = (w: string) => has(UNITS, w) || has(TENS, w) || has(SCALES, w);
const isOrdinalWord = (w: string) => has(ORDINAL_UNITS, w) || has(ORDINAL_TENS, w) || has(ORDINAL_SCALES, w);

/**
 * The value of a run of number words ("one hundred and five" → 105, "twenty-first" → 21), or null when the run is
 * not a number. `words` are lower case; "and" may join parts after a scale ("hundred and five").
 */
export function wordsValue(words: readonly string[]): { value: number; ordinal: boolean } | null {
  let total = 0;
  let current = 0;
  let seen = false;
  let ordinal = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (ordinal) return null; // an ordinal ends the number
    if (w === 'and' || w === 'a') {
      if (!seen && w === 'and') return null;
      continue;
    }
    if (has(UNITS, w) || has(ORDINAL_UNITS, w)) {
      current += UNITS[w] ?? ORDINAL_UNITS[w]!;
      ordinal = has(ORDINAL_UNITS, w);
    } else if (has(TENS, w) || has(ORDINAL_TENS, w)) {
      current += TENS[w] ?? ORDINAL_TENS[w]!;
      ordinal = has(ORDINAL_TENS, w);
    } else if (has(SCALES, w) || has(ORDINAL_SCALES, w)) {
      const scale = SCALES[w] ?? ORDINAL_SCALES[w]!;
      if (current === 0) current = 1;
      if (scale === 100) current *= 100;
      else {
        total += current * scale;
        current = 0;
      }
      ordinal = has(ORDINAL_SCALES, w);
    } else return null;
    seen = true;
  }
  return seen ? { value: total + current, ordinal } : null;
}

/** Every number written in words in `text`, longest runs first joined ("twenty-four" is one, not 20 and 4). */
export function numberWords(text: string): NumberWord[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const out: NumberWord[] = [];
  const tokens = [...text.matchAll(/\p{L}+/gu)].map((m) => ({ w: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length }));
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (has(ALONE, t.w)) {
      out.push({ start: t.start, end: t.end, value: ALONE[t.w]!, ordinal: false, text: text.slice(t.start, t.end) });
      continue;
    }
    if (!isCardinalWord(t.w) && !isOrdinalWord(t.w)) continue;
    // Extend over number words joined by spaces, hyphens or "and".
    let j = i;
    while (j + 1 < tokens.length) {
      const next = tokens[j + 1]!;
      const gap = text.slice(tokens[j]!.end, next.start);
      if (!/^[\s-]{1,2}$/u.test(gap)) break;
      if (next.w === 'and' && j + 2 < tokens.length && (isCardinalWord(tokens[j + 2]!.w) || isOrdinalWord(tokens[j + 2]!.w)) && has(SCALES, tokens[j]!.w)) {
        j += 2;
        continue;
      }
      if (!isCardinalWord(next.w) && !isOrdinalWord(next.w)) break;
      if (isOrdinalWord(tokens[j]!.w)) break;
      j++;
    }
    let run = tokens.slice(i, j + 1).map((x) => x.w);
    // "one" as a pronoun ("one of the", "the one") is still a count; a lone scale word ("hundreds") is not matched.
    let v = wordsValue(run);
    while (!v && run.length > 1) {
      run = run.slice(0, -1);
      j--;
      v = wordsValue(run);
    }
    if (!v) continue;
    out.push({ start: t.start, end: tokens[j]!.end, value: v.value, ordinal: v.ordinal, text: text.slice(t.start, tokens[j]!.end) });
    i = j;
  }
  return out;
}

/** "3rd", "21st", "2nd": the ordinal written with digits. */
export function digitOrdinals(text: string): NumberWord[] {
  if (typeof text !== 'string') return [];
  return [...text.matchAll(/(?<![\p{L}\p{N}.,])(\d+)(st|nd|rd|th)(?![\p{L}\p{N}])/giu)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    value: Number(m[1]),
    ordinal: true,
    text: m[0],
  }));
}

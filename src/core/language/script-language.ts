// The language of answer and document text, when its script says it clearly (WCAG 3.1.2, language of parts): a
// screen reader picks its voice by `lang`, and a Persian paragraph read by an English voice is noise. Only Persian
// and Arabic, the right-to-left languages citelens ships or reads, and only on evidence: Arabic-script letters must
// be most of the block's letters, and letters that only one of the two languages writes must say which. Persian
// writes پ چ ژ گ and its own ک and ی; Arabic writes ة ى and its own ك and ي. A block with neither (short, or all
// shared letters) takes the language of the whole text when that one is clear, else none; a block with both, or
// with Urdu's own letters, none: a wrong `lang` is worse than none.

export type ScriptLanguage = 'fa' | 'ar';

export interface ScriptReading {
  /** Arabic-script letters are most (≥ 60 %) of the text's letters. */
  arabicScript: boolean;
  /** Its language when `arabicScript` and its letters tell; undefined otherwise. */
  language: ScriptLanguage | undefined;
}

const LETTER = /\p{L}/u;
const ARABIC_LETTER = /\p{Script=Arabic}/u;
const PERSIAN_ONLY = new Set(['\u067e', '\u0686', '\u0698', '\u06af', '\u06a9', '\u06cc']); // پ چ ژ گ ک ی
const ARABIC_ONLY = new Set(['\u0629', '\u0649', '\u0643', '\u064a']); // ة ى ك ي
const URDU_ONLY = new Set(['\u0679', '\u0688', '\u0691', '\u06ba', '\u06be', '\u06c1', '\u06d2']); // ٹ ڈ ڑ ں ھ ہ ے
const MAJORITY = 0.6;

export function readScript(text: string): ScriptReading {
  let letters = 0;
  let arabic = 0;
  let persian = 0;
  let arabicOnly = 0;
  let urdu = 0;
  for (const ch of text) {
    // ASCII first, without a regex: a 10,000-claim English answer is read in one pass at little cost.
    const code = ch.charCodeAt(0);
    if (code < 0x80) {
      if ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) letters++;
      continue;
    }
    if (!LETTER.test(ch)) continue;
    letters++;
    if (!ARABIC_LETTER.test(ch)) continue;
    arabic++;
    if (PERSIAN_ONLY.has(ch)) persian++;
    else if (ARABIC_ONLY.has(ch)) arabicOnly++;
    else if (URDU_ONLY.has(ch)) urdu++;
  }
  const arabicScript = letters > 0 && arabic / letters >= MAJORITY;
  if (!arabicScript || urdu > 0 || persian > 0 === arabicOnly > 0) return { arabicScript, language: undefined };
  return { arabicScript, language: persian > 0 ? 'fa' : 'ar' };
}

/**
 * The `lang` a block of text should carry: its own language when its letters tell, else `whole` (the language of
 * the whole answer or document) when the block is in Arabic script too; undefined when neither is known.
 */
export function blockLanguage(text: string, whole?: ScriptLanguage): ScriptLanguage | undefined {
  const read = readScript(text);
  return read.language ?? (read.arabicScript ? whole : undefined);
}

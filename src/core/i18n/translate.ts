import type { Locale } from './locale.ts';
import { messagesEn, type MessageKey, type Messages, type PluralForms } from './messages-en.ts';

// `t(key, params)`: a catalog entry with its `{placeholders}` filled in. Numbers are formatted for the locale (Persian
// digits in Persian), and an entry with plural forms picks one by `count` with Intl.PluralRules. The placeholders a
// key takes are read from its English text by the type system, so a missing or misspelt parameter does not compile.

// English is always here. Another language's catalog is its own chunk, loaded before that language is first shown
// (src/i18n/load-catalog.ts) and registered here: a reader of English never downloads the Persian strings.
const catalogs = new Map<Locale, Messages>([['en', messagesEn]]);

export function registerCatalog(locale: Locale, messages: Messages): void {
  catalogs.set(locale, messages);
}

export function hasCatalog(locale: Locale): boolean {
  return catalogs.has(locale);
}

type PlaceholdersIn<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersIn<Rest> : never;
type EntryText<E> = E extends string ? E : E extends Readonly<Record<string, infer S>> ? S : never;
/** A key's parameters: the placeholders of its English text, and `count` for an entry with plural forms. */
export type Placeholders<K extends MessageKey> = PlaceholdersIn<EntryText<(typeof messagesEn)[K]>> | ((typeof messagesEn)[K] extends string ? never : 'count');

export type MessageParams<K extends MessageKey> = { readonly [P in Placeholders<K>]: string | number };
export type TranslateArgs<K extends MessageKey> = [Placeholders<K>] extends [never] ? [] : [params: MessageParams<K>];

export type Translate = <K extends MessageKey>(key: K, ...args: TranslateArgs<K>) => string;

const PLACEHOLDER = /\{(\w+)\}/g;

export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).sort();
}

function isPlural(entry: string | PluralForms): entry is PluralForms {
  return typeof entry !== 'string';
}

// One translator per locale, shared by every caller (the app's modules each keep an English one at hand), and its
// Intl objects made on the first number or plural it formats: building them cost ~4 ms each at start-up, seven times
// over, before anything was drawn.
const translators = new Map<Locale, Translate>();

export function createTranslator(locale: Locale): Translate {
  const known = translators.get(locale);
  if (known) return known;
  const registered = catalogs.get(locale);
  // The locale store switches only to a loaded language, so this is a slip: English words rather than a broken
  // screen, and not kept, so the real catalog is used once it is here.
  if (!registered) return createTranslator('en');
  const messages = registered;
  let numbers: Intl.NumberFormat | undefined;
  let plurals: Intl.PluralRules | undefined;
  const translate: Translate = (key, ...args) => {
    const params = (args[0] ?? {}) as Readonly<Record<string, string | number>>;
    const entry = messages[key];
    let template: string;
    if (isPlural(entry)) {
      const count = params.count;
      const form = typeof count === 'number' ? (plurals ??= new Intl.PluralRules(locale)).select(count) : 'other';
      template = entry[form] ?? entry.other;
    } else {
      template = entry;
    }
    if (!template.includes('{')) return template;
    return template.replace(PLACEHOLDER, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      if (typeof value !== 'number') return value;
      // An English integer is its plain digits, what the formatter writes (no grouping: "page 1000"), without the
      // ~15 ms its first construction costs while the first screen is drawn. Persian digits come from Intl.
      if (locale === 'en' && Number.isSafeInteger(value) && !Object.is(value, -0)) return String(value);
      return (numbers ??= new Intl.NumberFormat(locale, { useGrouping: false })).format(value);
    });
  };
  translators.set(locale, translate);
  return translate;
}

/**
 * English, for the core's texts when no UI language is handed in: the CLI, the server and tests read the same
 * English the UI shows (a core function that writes words takes a `Translate`, English by default).
 */
export const translateEnglish: Translate = createTranslator('en');

/** A count as the UI language groups it ("1,200,000" in English, "۱٬۲۰۰٬۰۰۰" in Persian): `common.numberLocale`. */
export function groupedNumber(t: Translate, value: number): string {
  return new Intl.NumberFormat(t('common.numberLocale')).format(value);
}

/** Page numbers as "page 3" or "pages 3, 4" in the UI language (numbers in its digits). */
export function pageList(t: Translate, pages: readonly number[]): string {
  const list = pages.map((value) => t('common.number', { value })).join(t('review.listSeparator'));
  return t('passage.pageList', { count: pages.length, list });
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** A number as the locale writes it (Persian digits in Persian), without grouping, like the messages' numbers. */
export function formatNumber(locale: Locale, value: number): string {
  // One formatter per locale: every marker button formats its number on each render (a 10,000-claim answer's click
  // re-renders ~90 of them), and building an Intl.NumberFormat costs far more than formatting with one.
  // English digits are the ASCII ones: no formatter at all, whose first construction (ICU's number data) cost the
  // answer's first render ~15-50 ms on the first marker drawn.
  if (locale === 'en' && Number.isSafeInteger(value) && !Object.is(value, -0)) return String(value);
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale, { useGrouping: false })));
  return format.format(value);
}

// The UI languages citelens ships, and how one is chosen (docs/i18n.md). Pure: the browser's inputs (the link's
// `lang`, the saved preference, navigator.languages) are handed in by src/i18n/locale-store.ts.

export const LOCALES = ['en', 'fa'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name, as the language switch shows it (a reader looks for their language in it). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', fa: 'فارسی' };

const RTL_LOCALES: ReadonlySet<Locale> = new Set<Locale>(['fa']);

export function localeDirection(locale: Locale): 'ltr' | 'rtl' {
  return RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
}

/** `fa`, `fa-IR`, `FA_ir` → `fa`; a language we do not ship, or anything malformed → undefined (never thrown). */
export function parseLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const match = /^([a-zA-Z]{2,3})(?:[-_][a-zA-Z0-9]{1,8})*$/.exec(value.trim());
  if (!match) return undefined;
  const language = match[1]!.toLowerCase();
  return LOCALES.find((l) => l === language);
}

export interface LocaleInputs {
  /** `lang` in the link (docs/urls.md), which a portal may set for its frame. */
  param?: string | null;
  /** The reader's own choice from the language switch, kept in the browser. */
  saved?: string | null;
  /** navigator.languages (or [navigator.language]), most preferred first. */
  languages?: readonly string[];
}

/** The link's `lang` wins, then the saved choice, then the first browser language we ship, then English. */
export function chooseLocale({ param, saved, languages = [] }: LocaleInputs): Locale {
  return parseLocale(param) ?? parseLocale(saved) ?? languages.map(parseLocale).find((l) => l !== undefined) ?? DEFAULT_LOCALE;
}

// The shape of a catalog part (src/core/i18n/en/*.ts, fa/*.ts): each area of the UI keeps its strings in a file of
// its own, and messages-en.ts / messages-fa.ts merge the parts into one catalog per language.

/** Plural forms, chosen by the `count` parameter with Intl.PluralRules; `other` is required. */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;

/** What an English part must be: keys to a text, or to plural forms. */
export type EnglishPart = Readonly<Record<string, string | PluralForms>>;

/** Another language's part: exactly the English part's keys, each a string (or plural forms where English has them). */
export type Translation<T extends EnglishPart> = { readonly [K in keyof T]: T[K] extends string ? string : PluralForms };

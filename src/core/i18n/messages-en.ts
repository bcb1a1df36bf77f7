// Every user-visible string of the UI, in English: the reference catalog. messages-fa.ts must have exactly these keys
// (the `Messages` type enforces it) and the same `{placeholders}` (messages.test.ts). How to add a string or a
// language: docs/i18n.md. Keys are grouped by the part of the UI that shows them: `app.`, `home.`, `answer.`,
// `viewer.`, `review.`, `embed.`, `local.`.

/** Plural forms, chosen by the `count` parameter with Intl.PluralRules; `other` is required. */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;

export const messagesEn = {
  'app.tagline': 'Check an AI answer against its sources',
  'app.language': 'Language',
  'app.loadingAnswer': 'Loading answer…',
  'app.theme': 'Theme',
  'app.themeAuto': 'System',
  'app.themeLight': 'Light',
  'app.themeDark': 'Dark',
  'app.nightPages': 'Night pages',
  'outbox.waiting': { one: '{count} decision saved locally — syncing', other: '{count} decisions saved locally — syncing' },
  'outbox.stuck': { one: '{count} needs your attention', other: '{count} need your attention' },
  'outbox.answers': { one: '({count} answer)', other: '({count} answers)' },
  'outbox.title': 'Kept in this browser and sent as soon as the server answers.',
} as const satisfies Readonly<Record<string, string | PluralForms>>;

export type MessageKey = keyof typeof messagesEn;

/** A catalog: every key of the English one, each a string (or plural forms where English has them). */
export type Messages = { readonly [K in MessageKey]: (typeof messagesEn)[K] extends string ? string : PluralForms };

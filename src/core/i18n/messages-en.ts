import type { PluralForms } from './catalog.ts';
import { answerEn } from './en/answer.ts';
import { appEn } from './en/app.ts';
import { badgeEn } from './en/badge.ts';
import { localEn } from './en/local.ts';
import { reviewEn } from './en/review.ts';
import { reviewEngineEn } from './en/review-engine.ts';
import { reviewWorkEn } from './en/review-work.ts';
import { supportEn } from './en/support.ts';
import { viewerEn } from './en/viewer.ts';

// Every user-visible string of the UI, in English: the reference catalog, merged from one part per area of the UI
// (src/core/i18n/en/*.ts; keys are prefixed by the part of the UI that shows them: `viewer.zoomIn`). Every other
// language has exactly these keys (the `Messages` type enforces it) and the same `{placeholders}` (messages.test.ts).
// How to add a string or a language: docs/i18n.md.

export type { PluralForms };

/** The parts, listed so messages.test.ts can check that no key is in two of them (a spread would hide it). */
export const PARTS_EN = [appEn, answerEn, viewerEn, reviewEn, reviewEngineEn, badgeEn, localEn, supportEn, reviewWorkEn] as const;

export const messagesEn = {
  ...appEn,
  ...answerEn,
  ...viewerEn,
  ...reviewEn,
  ...reviewEngineEn,
  ...badgeEn,
  ...localEn,
  ...supportEn,
  ...reviewWorkEn,
} as const;

export type MessageKey = keyof typeof messagesEn;

/** A catalog: every key of the English one, each a string (or plural forms where English has them). */
export type Messages = { readonly [K in MessageKey]: (typeof messagesEn)[K] extends string ? string : PluralForms };

import { createTranslator, type Translate } from '../core/i18n/translate.ts';
import type { Locale } from '../core/i18n/locale.ts';
import { useLocaleStore } from './locale-store.ts';

// `const t = useTranslate(); t('viewer.zoomIn')`: the current language's catalog (src/core/i18n). One translator per
// locale, made once, so `t` is stable between renders and safe in effect dependencies.

const translators = new Map<Locale, Translate>();

export function translatorFor(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator(locale);
    translators.set(locale, t);
  }
  return t;
}

export function useLocale(): Locale {
  return useLocaleStore((s) => s.locale);
}

export function useTranslate(): Translate {
  return translatorFor(useLocale());
}

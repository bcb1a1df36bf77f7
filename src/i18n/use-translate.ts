import { createTranslator, type Translate } from '../core/i18n/translate.ts';
import type { Locale } from '../core/i18n/locale.ts';
import { useLocaleStore } from './locale-store.ts';

// `const t = useTranslate(); t('viewer.zoomIn')`: the current language's catalog (src/core/i18n). createTranslator
// makes one translator per locale and hands out that one again, so `t` is stable between renders and safe in effect
// dependencies.

export function useLocale(): Locale {
  return useLocaleStore((s) => s.locale);
}

export function useTranslate(): Translate {
  return createTranslator(useLocale());
}

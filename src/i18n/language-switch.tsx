import { LOCALE_NAMES, LOCALES, type Locale } from '../core/i18n/locale.ts';
import { useLocaleStore } from './locale-store.ts';
import { useTranslate } from './use-translate.ts';

// The header's language switch. Each language is listed by its own name, marked with its own `lang`, so a reader
// who cannot read the current UI still finds theirs. `onChange` lets src/app keep a link's `lang` in step.

export function LanguageSwitch({ onChange }: { onChange?: (locale: Locale) => void }) {
  const t = useTranslate();
  const locale = useLocaleStore((s) => s.locale);
  return (
    <select
      aria-label={t('app.language')}
      value={locale}
      onChange={(e) => {
        const next = LOCALES.find((l) => l === e.target.value);
        if (!next) return;
        useLocaleStore.getState().chooseLocale(next);
        onChange?.(next);
      }}
      className="min-h-6 rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs text-slate-700"
    >
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LOCALE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}

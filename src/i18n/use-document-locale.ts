import { useEffect } from 'react';
import { localeDirection } from '../core/i18n/locale.ts';
import { useLocale } from './use-translate.ts';

// <html lang dir> follow the UI language, so the browser mirrors the chrome (logical CSS: ms-/me-/start-/end-) and
// screen readers pronounce it in the right language. The answer's own text sets its direction per block (dir="auto").

export function useDocumentLocale(): void {
  const locale = useLocale();
  useEffect(() => {
    const root = document.documentElement;
    root.lang = locale;
    root.dir = localeDirection(locale);
  }, [locale]);
}

import { create } from 'zustand';
import { chooseLocale, type Locale } from '../core/i18n/locale.ts';

// The UI language: UI state, so a zustand store with its actions (docs/i18n.md). It lives in src/i18n, a layer every
// feature may import (features never import each other or src/app), so each feature reads its strings itself
// instead of having them passed down. src/app keeps the link's `lang` and <html lang dir> in step with it.

const STORAGE_KEY = 'citelens.locale';

function readSaved(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage refused (privacy mode, sandboxed frame): the browser's language decides
  }
}

function initialLocale(): Locale {
  if (typeof window === 'undefined') return 'en';
  return chooseLocale({
    param: new URLSearchParams(window.location.search).get('lang'),
    saved: readSaved(),
    languages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}

interface LocaleStore {
  locale: Locale;
  /** The reader's choice (the language switch): shown at once and kept in the browser for the next visit. */
  chooseLocale(locale: Locale): void;
  /** A locale imposed from outside (a link's `lang`, a portal): shown, not saved as the reader's preference. */
  applyLocale(locale: Locale): void;
}

export const useLocaleStore = create<LocaleStore>((set) => ({
  locale: initialLocale(),
  chooseLocale(locale) {
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // not kept: the choice still holds for this page
    }
    set({ locale });
  },
  applyLocale(locale) {
    set({ locale });
  },
}));

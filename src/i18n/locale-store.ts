import { create } from 'zustand';
import { chooseLocale, DEFAULT_LOCALE, type Locale } from '../core/i18n/locale.ts';
import { hasCatalog } from '../core/i18n/translate.ts';
import { loadCatalog } from './load-catalog.ts';

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
  /** The language shown: always one whose catalog is loaded (a switch waits for the catalog's chunk). */
  locale: Locale;
  /** The reader's choice (the language switch): shown at once and kept in the browser for the next visit. */
  chooseLocale(locale: Locale): void;
  /** A locale imposed from outside (a link's `lang`, a portal): shown, not saved as the reader's preference. */
  applyLocale(locale: Locale): void;
}

const first = initialLocale();
/** The last language asked for: a slow catalog that arrives after another switch does not undo it. */
let wanted: Locale = first;

export const useLocaleStore = create<LocaleStore>((set) => {
  const show = (locale: Locale) => {
    wanted = locale;
    if (hasCatalog(locale)) {
      set({ locale });
      return;
    }
    loadCatalog(locale).then(
      () => {
        if (wanted === locale) set({ locale });
      },
      (error: unknown) => console.warn(`The ${locale} strings did not load; the page stays in its language`, error),
    );
  };
  return {
    locale: hasCatalog(first) ? first : DEFAULT_LOCALE,
    chooseLocale(locale) {
      try {
        localStorage.setItem(STORAGE_KEY, locale);
      } catch {
        // not kept: the choice still holds for this page
      }
      show(locale);
    },
    applyLocale(locale) {
      show(locale);
    },
  };
});

/**
 * Runs `render` once the first language's catalog is in and shown, so that a Persian reader's first paint is Persian,
 * not English for a moment: at once for English (no microtask either), English when the chunk cannot load.
 */
export function afterFirstLocale(render: () => void): void {
  if (hasCatalog(first)) {
    render();
    return;
  }
  loadCatalog(first)
    .then(
      () => {
        if (wanted === first) useLocaleStore.setState({ locale: first });
      },
      (error: unknown) => console.warn(`The ${first} strings did not load; showing English`, error),
    )
    .finally(render);
}

import type { Locale } from '../core/i18n/locale.ts';
import { messagesEn, type Messages } from '../core/i18n/messages-en.ts';
import { hasCatalog, registerCatalog } from '../core/i18n/translate.ts';

// The Persian strings (~9 kB compressed) are a chunk of their own, so the first paint of a reader of English does not
// carry them. A Persian reader's first paint waits for them (main.tsx starts the request as the page's script runs);
// switching language waits for them once.

const loading = new Map<Locale, Promise<void>>();

export function loadCatalog(locale: Locale): Promise<void> {
  if (hasCatalog(locale)) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = importCatalog(locale).then(
      (messages) => registerCatalog(locale, messages),
      (error: unknown) => {
        loading.delete(locale); // a later switch tries again (the chunk may have failed on a bad connection)
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

function importCatalog(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'en':
      return Promise.resolve(messagesEn); // always registered; here for the exhaustive switch
    case 'fa':
      return import('../core/i18n/messages-fa.ts').then((m) => m.messagesFa);
    default: {
      const never: never = locale;
      throw new Error(`No catalog for ${String(never)}`);
    }
  }
}

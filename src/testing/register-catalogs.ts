import { messagesFa } from '../core/i18n/messages-fa.ts';
import { registerCatalog } from '../core/i18n/translate.ts';

// Vitest's setup (vitest.config.ts): the app loads the Persian catalog as a chunk before showing Persian
// (src/i18n/load-catalog.ts); tests that format Persian text have it from the start.
registerCatalog('fa', messagesFa);

// Which document addresses the app may load. A document's `url` comes from the answer file (untrusted): it is
// resolved against the answer's own URL, so a relative path becomes http(s). Anything else — `javascript:`,
// `file:`, `data:`, `vbscript:`, garbage — is refused before any request is made, by the viewer and by the
// background checks, and is never put into a link. `blob:` is what the app itself makes for local files
// (features/local-files), and `local-file:` its placeholder for a local document whose file was not given.

import { translateEnglish, type Translate } from '../i18n/translate.ts';

const ALLOWED = new Set(['http:', 'https:', 'blob:', 'local-file:']);

/** Why an address is refused, as data: worded in the UI's language by the viewer and the review. */
export type AddressRefusal = { kind: 'none' } | { kind: 'invalid' } | { kind: 'scheme'; scheme: string };

/** Null when the address may be loaded; otherwise why not. */
export function addressRefusal(url: string | undefined): AddressRefusal | null {
  const raw = (url ?? '').trim();
  if (!raw) return { kind: 'none' };
  let scheme: string;
  try {
    scheme = new URL(raw, 'http://relative.invalid/').protocol.toLowerCase();
  } catch {
    return { kind: 'invalid' };
  }
  return ALLOWED.has(scheme) ? null : { kind: 'scheme', scheme };
}

/** A refusal in words (a sentence fragment naming the scheme): English unless a translator is handed in. */
export function addressRefusalText(refusal: AddressRefusal, t: Translate = translateEnglish): string {
  switch (refusal.kind) {
    case 'none':
      return t('address.none');
    case 'invalid':
      return t('address.invalid');
    case 'scheme':
      return t('address.scheme', { scheme: refusal.scheme });
  }
}

/** Null when the address may be loaded; otherwise the reason, in words, naming the scheme. */
export function refusedDocumentAddress(url: string | undefined, t: Translate = translateEnglish): string | null {
  const refusal = addressRefusal(url);
  return refusal ? addressRefusalText(refusal, t) : null;
}

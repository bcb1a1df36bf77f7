// The words that tell what a passage is about when it says "she" or "the company": the page's first line (often its
// heading) and the sentences just before the passage on its page. check-source.ts keeps them on the SourceCheck for
// the support rules (support-verdict.ts reads names and words in them, never values). Pure.

import type { CitationStatus } from './types.ts';

const tokens = (text: string) => [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ word: m[0].toLowerCase(), at: m.index }));

/** Where `passage` starts in `pageText`: its first words, in order, with any spacing, punctuation and case. */
function passageStart(pageText: string, passage: string): number {
  const head = tokens(passage)
    .slice(0, 6)
    .map((t) => t.word);
  if (head.length === 0) return -1;
  const page = tokens(pageText);
  for (let i = 0; i + head.length <= page.length; i++) {
    if (head.every((w, k) => page[i + k]!.word === w)) return page[i]!.at;
  }
  return -1;
}

/**
 * The context of `passage` on its page: the page's first line (up to 120 characters) and up to `max` characters of
 * whole sentences before the passage. Undefined when the passage is not on the page or nothing precedes it.
 */
export function contextBefore(pageText: string, passage: string, max = 400): string | undefined {
  if (typeof pageText !== 'string' || typeof passage !== 'string') return undefined;
  const at = passageStart(pageText, passage);
  if (at <= 0) return undefined;
  let before = pageText.slice(Math.max(0, at - max), at);
  // a cut in the middle of a sentence keeps only the whole sentences after it
  if (at > max) before = before.replace(/^[\s\S]*?[.!?؟。]\s+/u, '');
  const firstLine = pageText.slice(0, 120).split(/\n/u)[0]!.trim();
  const parts = [before.includes(firstLine) ? '' : firstLine, before.replace(/\s+/gu, ' ').trim()].filter(Boolean);
  return parts.length > 0 ? parts.join(' … ') : undefined;
}

/**
 * The context of a source whose quote was found: `pageText(page)` gives a page's text. The found words (or the quote)
 * are looked up on the page the status names. Undefined when nothing was found or nothing precedes it.
 */
export function foundContext(status: CitationStatus, quote: string | undefined, pageText: (page: number) => string | undefined): string | undefined {
  const at = status.kind === 'located' || status.kind === 'approximate' ? status.page : status.kind === 'wrong-page' ? status.foundPage : undefined;
  if (at === undefined) return undefined;
  const text = pageText(at);
  if (!text) return undefined;
  const found = status.kind === 'approximate' || status.kind === 'wrong-page' ? status.text : quote;
  return found ? contextBefore(text, found) : undefined;
}

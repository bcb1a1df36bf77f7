// Small pieces of the reasons' wording, shared by the rules so every flag reads the same way.
import type { DocumentRef } from '../model/types.ts';

/** At most `max` characters of untrusted text for a reason, whitespace folded, cut at a word with an ellipsis. */
export function snippet(text: string, max = 160): string {
  const t = (typeof text === 'string' ? text : '').replace(/\s+/gu, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const at = cut.lastIndexOf(' ');
  return `${(at > max * 0.6 ? cut.slice(0, at) : cut).trimEnd()}…`;
}

/** A document's title (cut to 80 characters), or its id when the answer lists no title: the reasons quote it. */
export function documentName(documentId: string, doc: DocumentRef | undefined): string {
  const title = typeof doc?.title === 'string' && doc.title.trim() ? doc.title.trim() : documentId;
  return snippet(title, 80);
}

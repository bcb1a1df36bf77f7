// A stable name for a file's content: the same answer file gives the same local answer id on every open, so the
// decisions kept in this browser for it come back. Not a security measure (nothing trusts it), so a fast pure hash
// (two 53-bit cyrb53 lanes) that works outside secure contexts, where crypto.subtle does not exist.

function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** 28 hex digits naming `text`; equal texts give equal names. */
export function contentHash(text: string): string {
  return [0, 0x9e3779b9].map((seed) => cyrb53(text, seed).toString(16).padStart(14, '0')).join('');
}

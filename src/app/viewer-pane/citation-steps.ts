// `.`/`,` in the viewer: the answer's next/previous citation, in order of first appearance (the reference list's
// order). Pure, so the rule is tested without a browser.

/** The key `delta` places from `current` among `keys`; the first (or last) when nothing is open; null at an end. */
export function neighbourCitation(keys: readonly string[], current: string | null | undefined, delta: 1 | -1): string | null {
  if (keys.length === 0) return null;
  const at = current ? keys.indexOf(current) : -1;
  if (at < 0) return delta === 1 ? (keys[0] ?? null) : (keys[keys.length - 1] ?? null);
  return keys[at + delta] ?? null;
}

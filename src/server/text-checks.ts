// Text a client sends that is valid JSON but not valid text (issue 34, "smaller"): JSON's `"\ud800"` decodes to a lone
// UTF-16 surrogate, which no UTF-8 store can hold (SQLite kept it as the bytes ED A0 80, which every reader then
// fails to decode or turns into U+FFFD). Such input is refused with 400 where it comes in.

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag: code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string in `value` (deeply, keys included) holds a lone surrogate. */
export function hasLoneSurrogate(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => hasLoneSurrogate(v, depth + 1));
  return Object.entries(value).some(([k, v]) => LONE_SURROGATE.test(k) || hasLoneSurrogate(v, depth + 1));
}

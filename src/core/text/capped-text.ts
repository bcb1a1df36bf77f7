// What of a long text is drawn (issue 34, break 10): a 1.2 MB quote, already refused for search, was drawn whole in
// the references, the marker preview and the source card, and its layout stalled the page 0.3–1.2 s (7.4 s under
// load). The first part is drawn, with "Show all" for the rest; copying still takes the whole text. Pure.

/** Characters of a quote drawn before "Show all": a clamped reference shows far fewer anyway. */
export const QUOTE_DRAWN_CHARS = 600;
/** Characters of a passage (a web source's text, a generated file's quote) drawn before "Show all". */
export const PASSAGE_DRAWN_CHARS = 4000;

/** Where to cut `text` to at most `limit` UTF-16 units: never inside a surrogate pair, at a space when one is near. */
function cutAt(text: string, limit: number): number {
  let cut = limit;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  const space = text.lastIndexOf(' ', cut);
  return space > cut - 40 && space > 0 ? space : cut;
}

export interface CappedText {
  /** What to draw. */
  text: string;
  /** How many characters (UTF-16 units) were left out; 0 when the text is drawn whole. */
  hidden: number;
}

/** The first part of `text`, at most `limit` characters (the whole text when it is that short). */
export function capText(text: string, limit: number): CappedText {
  if (text.length <= limit) return { text, hidden: 0 };
  const cut = cutAt(text, limit);
  return { text: text.slice(0, cut), hidden: text.length - cut };
}

export interface CappedWindow {
  /** The drawn window: [start, end) of the text. */
  start: number;
  end: number;
  hidden: number;
}

/**
 * A window of at most `limit` characters of `text` that holds [markStart, markEnd) (or as much of it as fits, from its
 * start), so a marked passage in a long text is drawn around its mark.
 */
export function windowAround(text: string, markStart: number, markEnd: number, limit: number): CappedWindow {
  if (text.length <= limit) return { start: 0, end: text.length, hidden: 0 };
  const room = Math.max(0, limit - (markEnd - markStart));
  let start = Math.max(0, Math.min(markStart - Math.floor(room / 2), text.length - limit));
  const low = text.charCodeAt(start);
  if (start > 0 && low >= 0xdc00 && low <= 0xdfff) start--;
  const end = start + cutAt(text.slice(start), limit);
  return { start, end, hidden: text.length - (end - start) };
}

// The passage half of a Cohere source, shared by the v1 and v2 readers: which document a source is, its retrieved
// text (a document's `text` or `snippet`, a tool's output) and whether the cited span is a quote of it.

/** `doc:3` / `doc_3` (the 4th document sent; tool results are `<call id>:3`) → 3. */
export function docIndex(id: string | undefined): number | undefined {
  const m = id === undefined ? null : /^doc[:_](\d{1,6})$/.exec(id);
  return m ? Number(m[1]) : undefined;
}

/**
 * The cited span as a quote of the passage, when the passage holds those exact words (surrounding quotation
 * marks and final punctuation aside); otherwise undefined: the span is the model's words, not the document's.
 */
export function passageQuote(span: string | undefined, passage: string | undefined): string | undefined {
  if (!span || !passage) return undefined;
  const trimmed = span.trim();
  const unquoted = trimmed
    .replace(/^["'“”‘’«»„]+/u, '')
    .replace(/(?<!["'“”‘’«»])["'“”‘’«»]+$/u, '')
    .trim();
  const candidates = [trimmed, unquoted, unquoted.replace(/(?<![.,;:!?])[.,;:!?]+$/u, '')];
  for (const c of candidates) {
    if (/[\p{L}\p{N}]/u.test(c) && passage.includes(c)) return c;
  }
  return undefined;
}

/** Fields a document or a tool output gives as its text, in the order they are preferred. */
const TEXT_FIELDS = ['text', 'snippet', 'content'] as const;

/**
 * The retrieved text of a document or a tool output: its `text` / `snippet` / `content`, else every field as
 * `name: value` lines (a tool returns arbitrary JSON, e.g. `{ "temperature": "20C" }`), so the reviewer sees what
 * the tool returned. `id`, `title` and `url` name the source and are not its text.
 */
export function passageOf(fields: Record<string, unknown> | undefined): string | undefined {
  if (!fields) return undefined;
  for (const key of TEXT_FIELDS) {
    const v = fields[key];
    if (typeof v === 'string' && v !== '') return v;
  }
  const lines = Object.entries(fields)
    .filter(([k, v]) => !['id', 'title', 'url'].includes(k) && v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** A string field of a document or tool output, when it is one. */
export function stringField(fields: Record<string, unknown> | undefined, key: string): string | undefined {
  const v = fields?.[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

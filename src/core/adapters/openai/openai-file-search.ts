// The passages OpenAI's file_search tool retrieved (`output[]` items of type `file_search_call`, `results[]` with
// `{ file_id, filename, score, text }`, present when the request included `file_search_call.results`). A
// `file_citation` names only a file and a point in the answer, so the passage it rests on is the retrieved result
// of that file that shares the most words with the claim, and the quote is that result's paragraph that does.

export interface RetrievedChunk {
  fileId?: string;
  filename?: string;
  text: string;
  score?: number;
  /** 0-based position among all results of the response, in order. */
  index: number;
}

export interface ChunkChoice {
  chunk: RetrievedChunk;
  /** The chunk's paragraph that best matches the claim, when one clearly does. */
  quote?: string;
}

/** Of the file's retrieved chunks, the one that best fits `claim`, and its best paragraph as a quote. */
export function bestChunk(chunks: readonly RetrievedChunk[], file: { fileId?: string; filename?: string }, claim: string): ChunkChoice | undefined {
  const own = chunks.filter(
    (c) => (file.fileId !== undefined && c.fileId === file.fileId) || (c.fileId === undefined && file.filename !== undefined && c.filename === file.filename),
  );
  if (own.length === 0) return undefined;
  const want = words(claim);
  let best: { chunk: RetrievedChunk; shared: number } | undefined;
  for (const chunk of own) {
    const shared = overlap(want, words(chunk.text));
    if (!best || shared > best.shared || (shared === best.shared && (chunk.score ?? 0) > (best.chunk.score ?? 0))) best = { chunk, shared };
  }
  const chunk = best!.chunk;
  let quote: string | undefined;
  let quoteScore = 0;
  for (const paragraph of chunk.text.split(/\n[ \t]*\n/)) {
    const shared = overlap(want, words(paragraph));
    const ratio = want.size > 0 ? shared / want.size : 0;
    // At least three shared words and a third of the claim's: below that the paragraph is a guess, not a quote.
    if (shared >= 3 && ratio >= 0.3 && shared > quoteScore) {
      quote = paragraph.trim().replace(/\s+/g, ' ');
      quoteScore = shared;
    }
  }
  return quote !== undefined ? { chunk, quote } : { chunk };
}

const stop = new Set([
  'the',
  'and',
  'for',
  'that',
  'with',
  'are',
  'this',
  'from',
  'into',
  'its',
  'not',
  'but',
  'can',
  'was',
  'were',
  'has',
  'have',
  'which',
  'than',
  'then',
  'they',
  'their',
  'there',
  'those',
  'these',
  'such',
  'also',
  'other',
  'according',
  'document',
]);

/** Content words, lower-cased, a plural "s" dropped so "models" meets "model". */
function words(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text
    .normalize('NFKC')
    .toLowerCase()
    .matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0];
    if (w.length < 3 || stop.has(w)) continue;
    out.add(w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
  }
  return out;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

// Why `auto` recognised nothing: names the answer text and the citation-like fields the payload has, and the
// shapes citelens looked for, so the person who stored the answer can see what is missing or unknown.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where answers keep their text, as JSON paths tried in order. */
const textPaths = ['choices[0].message.content', 'message.content', 'content', 'text', 'answer', 'output_text', 'output', 'response', 'result', 'data.answer'];

/** Fields that hold citations in some system. */
const citationPaths = [
  'citations',
  'references',
  'sources',
  'annotations',
  'search_results',
  'context',
  'documents',
  'choices[0].message.annotations',
  'choices[0].message.citations',
  'message.citations',
  'data.reference',
  'metadata.retriever_resources',
];

const lookedFor = [
  '`citations[]` items with `citation_id` (sid-bbox), `chunkId` or `index` + `quote` (query-agent), `marker` or `answer_start` (persian-rag), `cited_text` or `start_index` (rubyllm), `n` + `source` (raglite)',
  '`content[]` text blocks (anthropic)',
  '`output[]` (openai Responses) or `choices[0].message.annotations` (openai Chat Completions)',
  "`candidates[]` or an interaction's `steps[]` (gemini)",
  '`choices[0].message.executed_tools` (groq)',
  '`message.citations` (cohere)',
  '`choices` with `search_results` or a `citations` URL list (perplexity)',
  'the other envelopes listed in docs/citation-formats.md',
];

/** One paragraph: what was recognised, what was not, and what citelens looked for. */
export function explainUndetected(payload: unknown): string {
  if (!isObj(payload)) {
    if (Array.isArray(payload)) {
      return 'The payload is an array; the only array citelens reads is a recorded Anthropic event stream (`message_start`, `content_block_delta`, …), and this is not one.';
    }
    const kind = payload === null ? 'null' : `a ${typeof payload}`;
    return `The payload is ${kind}, not a JSON object; every supported format is an object (or a recorded event stream).`;
  }
  const keys = Object.keys(payload);
  const texts = textPaths.filter((p) => typeof at(payload, p) === 'string').map((p) => `\`${p}\` (text)`);
  const cites = citationPaths
    .map((p) => ({ p, v: at(payload, p) }))
    .filter(({ v }) => (Array.isArray(v) ? v.length > 0 : isObj(v)))
    .map(({ p, v }) => `\`${p}\` (${describe(v)})`);
  const found = texts.length > 0 ? `found ${texts.join(', ')}` : `found no answer text (looked at ${textPaths.map((p) => `\`${p}\``).join(', ')})`;
  const citations =
    cites.length > 0
      ? `${cites.join(', ')} ${cites.length === 1 ? 'is' : 'are'} not a citations field of a known shape`
      : 'no citations field of a known shape';
  const fields = keys.length > 0 ? ` Top-level fields: ${keys.slice(0, 12).join(', ')}${keys.length > 12 ? ', …' : ''}.` : ' The object is empty.';
  return `It ${found}, but ${citations}: looked for ${lookedFor.join('; ')}.${fields}`;
}

/** The value at a simple path like `choices[0].message.content`. */
function at(value: unknown, path: string): unknown {
  let v: unknown = value;
  for (const part of path.split('.')) {
    const m = /^(\w+)(?:\[(\d+)\])?$/.exec(part);
    if (!m || !isObj(v)) return undefined;
    v = v[m[1]!];
    if (m[2] !== undefined) v = Array.isArray(v) ? v[Number(m[2])] : undefined;
  }
  return v;
}

function describe(v: unknown): string {
  if (!Array.isArray(v))
    return `an object with ${
      Object.keys(v as Obj)
        .slice(0, 6)
        .join(', ') || 'no fields'
    }`;
  const first = v[0];
  const noun = isObj(first) ? 'item' : typeof first;
  const what = `${v.length} ${noun}${v.length === 1 ? '' : 's'}`;
  return isObj(first) ? `${what} with ${Object.keys(first).slice(0, 6).join(', ') || 'no fields'}` : what;
}

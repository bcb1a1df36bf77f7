import { z } from 'zod';
import type { CitationMapping } from '../../model/types.ts';
import { citedDocument } from '../cited-document.ts';
import { assemble, looseObject, opt } from '../common.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { marker, replaceRanges, type Replacement } from '../replace-ranges.ts';
import { addFlag, SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// Azure OpenAI "On Your Data": a chat completion whose assistant message carries `[doc1]`, `[doc2]` … markers,
// 1-based into `message.context.citations[]` (API 2024-02-15-preview and later). Before that version the
// citations were a JSON string in a `tool` message: `message.context.messages[].content` (or, in the oldest
// previews, `choices[0].messages[]` beside the assistant message); both are read. Each `[docN]` is REPLACED by
// `[N]`, so N keeps the provider's numbering; a marker naming no citation still becomes `[N]`, which the app shows
// as a broken citation (warning). Each citation is one source: `content` → text (the retrieved chunk, not a
// quote), `chunk_id` → chunkId, `rerank_score` → relevance, `url` → url when it is not the document's own;
// the document is matched by `url`, `filepath` (file name) and `title`. No offsets, no pages.

const idLike = z.union([z.string(), z.number()]).transform((v) => String(v));

const citationSchema = looseObject({
  content: opt(z.string()),
  title: opt(z.string()),
  url: opt(z.string()),
  filepath: opt(z.string()),
  chunk_id: opt(idLike),
  rerank_score: opt(z.number().finite()),
});
type Citation = z.infer<typeof citationSchema>;

const toolMessage = looseObject({ role: opt(z.string()), content: opt(z.string()) });
const contextSchema = looseObject({ citations: opt(z.array(citationSchema)), messages: opt(z.array(toolMessage)) });
const messageSchema = looseObject({ role: opt(z.string()), content: opt(z.string()), context: opt(contextSchema) });
const choiceSchema = looseObject({ message: opt(messageSchema), messages: opt(z.array(messageSchema)) });

export const azureOpenaiSchema = looseObject({ choices: z.array(choiceSchema).min(1) });

const DOC_MARKER = /\[doc(\d{1,6})\]/g;

export const adaptAzureOpenai: Adapter = (input) => {
  const payload = parsePayload('azure-openai', azureOpenaiSchema, input.payload);
  const warnings: string[] = [];
  const choice = payload.choices[0]!;
  const message = choice.message ?? choice.messages?.find((m) => m.role === 'assistant');
  const text = message?.content ?? '';
  const { citations, where } = readCitations(message, choice.messages ?? [], warnings);

  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const sourceOf = new Map<number, string>();
  for (const [i, c] of citations.entries()) {
    const what = `${where}[${i}] ([doc${i + 1}])`;
    const doc = citedDocument(matcher, input.documents, { url: c.url, filename: c.filepath, title: c.title }, warnings, what, c.url);
    if (!doc) continue;
    const added = table.add({ ...doc, text: c.content || undefined, chunkId: c.chunk_id || undefined, relevance: c.rerank_score });
    if (!added.isNew) {
      addFlag(added.source, {
        code: 'duplicate-collapsed',
        message: `[doc${i + 1}] has the same document and passage as another citation; both point at ${added.source.id}.`,
      });
    }
    sourceOf.set(i + 1, added.source.id);
  }

  // `[docN]` → `[N]`.
  const replacements: Replacement[] = [];
  const unknown = new Set<number>();
  for (const m of text.matchAll(DOC_MARKER)) {
    const n = Number(m[1]);
    replacements.push({ start: m.index, end: m.index + m[0].length, with: marker(n) });
    if (n < 1 || n > citations.length) unknown.add(n);
  }
  for (const n of unknown) warnings.push(`The answer cites [doc${n}], but there are only ${citations.length} citations; it is shown as a broken citation.`);

  const mapping: CitationMapping[] = [...sourceOf].map(([n, sourceId]) => ({ n, sourceId }));
  return {
    answer: assemble(input, { text: replaceRanges(text, replacements).text, sources: table.sources, citations: mapping }),
    warnings,
  };
};

/** The citations of the current API version, else those of the tool message the older versions sent. */
function readCitations(
  message: z.infer<typeof messageSchema> | undefined,
  choiceMessages: Array<z.infer<typeof messageSchema>>,
  warnings: string[],
): { citations: Citation[]; where: string } {
  if (message?.context?.citations) return { citations: message.context.citations, where: 'context.citations' };
  const tools = [...(message?.context?.messages ?? []), ...choiceMessages].filter((m) => m.role === 'tool' && m.content);
  for (const tool of tools) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(tool.content!);
    } catch {
      warnings.push('A tool message of the answer is not JSON; its citations could not be read.');
      continue;
    }
    const r = looseObject({ citations: z.array(citationSchema) }).safeParse(parsed);
    if (r.success) return { citations: r.data.citations, where: 'tool message citations' };
    warnings.push('A tool message of the answer has no readable citations list; it was skipped.');
  }
  return { citations: [], where: 'citations' };
}

import { z } from 'zod';
import type { ReasoningBlock } from '../../model/types.ts';
import { citedDocument } from '../cited-document.ts';
import { assemble, looseObject, nonNegInt, opt, tagged } from '../common.ts';
import { matcherFor, type DocumentReference } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { insertMarkers, type CitedSpan } from '../markers.ts';
import { SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// Mistral: the assistant `content` is a list of chunks (chat completions `choices[0].message.content`, or the
// `message.output` entries of the Conversations / Agents API `outputs[]`). Text chunks are concatenated; a reference
// chunk cites the TEXT CHUNK BEFORE IT, which becomes the claim span, `[n]` written after it (several reference
// chunks in a row cite the same text). Reference chunks:
// - `tool_reference { tool, title, url?, description?, source? }` (web search, document library): the document is
//   matched by url, then title / source; `url` → url when it is not the document's own, `description` → text.
// - `reference { reference_ids }` (RAG over documents sent in a tool result): each id is the 0-based position of
//   the reference in what was sent, so it picks the wrapper document at that index.
// A `thinking` chunk goes to `reasoning`. Chunks are JavaScript strings: no offsets to convert.

const textChunk = looseObject({ text: z.string() });
const chunkTypes = {
  text: textChunk,
  tool_reference: looseObject({ title: opt(z.string()), url: opt(z.string()), description: opt(z.string()), source: opt(z.string()) }),
  reference: looseObject({ reference_ids: z.array(nonNegInt) }),
  thinking: looseObject({ thinking: opt(z.union([z.string(), z.array(z.unknown())])) }),
};
type Chunk = { type: string };
const content = z.union([z.string(), z.array(tagged(chunkTypes))]);

const chatSchema = looseObject({ choices: z.array(looseObject({ message: looseObject({ content: opt(content) }) })).min(1) });
const conversationSchema = looseObject({ outputs: z.array(looseObject({ type: opt(z.string()), content: opt(content) })) });

export function mistralSchemaFor(payload: unknown) {
  return typeof payload === 'object' && payload !== null && 'outputs' in payload ? conversationSchema : chatSchema;
}

export const adaptMistral: Adapter = (input) => {
  const schema = mistralSchemaFor(input.payload);
  const parts: Array<{ content: string | Chunk[]; where: string }> = [];
  if (schema === conversationSchema) {
    for (const [i, o] of parsePayload('mistral', conversationSchema, input.payload).outputs.entries()) {
      if (o.type === 'message.output' && o.content !== undefined) parts.push({ content: o.content, where: `outputs[${i}].content` });
    }
  } else {
    const message = parsePayload('mistral', chatSchema, input.payload).choices[0]!.message;
    if (message.content !== undefined) parts.push({ content: message.content, where: 'choices[0].message.content' });
  }

  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];
  const reasoning: ReasoningBlock[] = [];
  let text = '';

  for (const part of parts) {
    if (typeof part.content === 'string') {
      text += part.content;
      continue;
    }
    // The claim a reference chunk supports: the last text chunk before it (in this part).
    let claim: { start: number; end: number } | undefined;
    for (const [k, chunk] of part.content.entries()) {
      const what = `${part.where}[${k}]`;
      if (chunk.type === 'text') {
        const start = text.length;
        text += chunkTypes.text.parse(chunk).text;
        claim = { start, end: text.length };
        continue;
      }
      if (chunk.type === 'thinking') {
        const thinking = chunkTypes.thinking.parse(chunk).thinking ?? [];
        const inner = typeof thinking === 'string' ? thinking : thinking.map((t) => textChunk.safeParse(t).data?.text ?? '').join('');
        if (inner) reasoning.push({ text: inner });
        continue;
      }
      const refs = readReferences(chunk, what, warnings);
      if (refs.length === 0) continue;
      const at = claim ?? { start: text.length, end: text.length };
      if (!claim) warnings.push(`${what} has no text before it; its marker was put where it stands, without a claim.`);
      for (const { ref, fields } of refs) {
        const doc = citedDocument(matcher, input.documents, ref, warnings, what, fields.url);
        if (!doc) continue;
        const { source, n } = table.add({ ...doc, text: fields.text });
        cited.push({ ...at, sourceId: source.id, n });
      }
    }
  }

  const marked = insertMarkers(text, cited);
  const answer = assemble(input, { text: marked.text, sources: table.sources, citations: marked.citations, spans: marked.spans });
  if (reasoning.length > 0) answer.reasoning = reasoning;
  return { answer, warnings };
};

function readReferences(chunk: Chunk, what: string, warnings: string[]): Array<{ ref: DocumentReference; fields: { text?: string; url?: string } }> {
  if (chunk.type === 'tool_reference') {
    const c = chunkTypes.tool_reference.parse(chunk);
    return [{ ref: { url: c.url, title: c.title, any: c.source }, fields: { text: c.description || undefined, url: c.url || undefined } }];
  }
  if (chunk.type === 'reference') {
    return chunkTypes.reference.parse(chunk).reference_ids.map((id) => ({ ref: { index: id }, fields: {} }));
  }
  warnings.push(`${what} has the chunk type "${chunk.type}", which is not read; it was skipped.`);
  return [];
}

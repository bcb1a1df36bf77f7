import { z } from 'zod';
import type { CitationSpan, ReasoningBlock } from '../../model/types.ts';
import { assemble, looseObject, nonNegInt, opt, resolveDocumentFields } from '../common.ts';
import { matcherFor, type DocumentReference } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { insertMarkers, type CitedSpan } from '../markers.ts';
import { offsetMapper, resolveSpan } from '../offsets.ts';
import { addFlag, SourceTable } from '../sources.ts';
import { adaptCohereV1 } from './cohere-v1.ts';
import { docIndex, passageOf, passageQuote, stringField } from './passages.ts';
import type { Adapter } from '../types.ts';

// Cohere v2 /chat response (v1 is read by cohere-v1.ts): `message.content[]` items (`text`, `thinking`) and `message.citations[]`
// `{ start, end, text, sources[], type, content_index }`.
// - `start`/`end` are CHARACTER offsets (Python string indices: code points, end exclusive) into the content item
//   `content_index` points at (absent: the first text item, or the first thinking item for THINKING_CONTENT);
//   `text` is the cited ANSWER span and verifies the conversion (a mismatch is repaired and flagged).
// - A citation of a `thinking` item (or type THINKING_CONTENT, or PLAN for `tool_plan`) supports the model's
//   reasoning, not the answer: it goes into `answer.reasoning[].spans`, never into the answer's claims.
// - `sources[]` are `{ type: "document", id, document }` or `{ type: "tool", id, tool_output }`. The document's
//   `text` (or `snippet`) is the retrieved passage → source `text`. The quote is the cited span only when those
//   exact words are in the passage (the model often quotes its documents); a paraphrase is not a quote.
// - Documents: the source's id (`doc:N` = the N-th document sent, 0-based → index), then `title`, then `url`.

// A document's fields vary (`title`, `snippet`, `text`, `url`, anything the caller sent); a tool's output is
// whatever JSON the tool returned: both are read leniently, field by field.
const fieldsOf = z.record(z.string(), z.unknown());

const sourceSchema = looseObject({
  type: opt(z.string()),
  id: opt(z.string()),
  document: opt(fieldsOf),
  tool_output: opt(fieldsOf),
});

const citationSchema = looseObject({
  start: opt(nonNegInt),
  end: opt(nonNegInt),
  text: opt(z.string()),
  sources: opt(z.array(sourceSchema)),
  type: opt(z.string()),
  content_index: opt(nonNegInt),
});

const contentItem = looseObject({ type: z.string(), text: opt(z.string()), thinking: opt(z.string()) });

export const cohereSchema = looseObject({
  message: looseObject({
    content: opt(z.array(contentItem)),
    citations: opt(z.array(citationSchema)),
    tool_plan: opt(z.string()),
  }),
});

type Citation = z.output<typeof citationSchema>;

/** Where a citation's offsets point: the answer (one text item) or a reasoning block. */
type Target = { kind: 'answer'; offset: number; text: string } | { kind: 'reasoning'; block: number; text: string };

/** Cohere v1 `/chat` (top-level `text`, `citations[].document_ids`, `documents[]`) or v2 (`message`). */
export const adaptCohere: Adapter = (input) => {
  const p = input.payload;
  const v1 = typeof p === 'object' && p !== null && !Array.isArray(p) && !('message' in p) && 'text' in p;
  return v1 ? adaptCohereV1(input) : adaptCohereV2(input);
};

const adaptCohereV2: Adapter = (input) => {
  const payload = parsePayload('cohere', cohereSchema, input.payload);
  const content = payload.message.content ?? [];
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];

  // The answer is the text items joined as they are (Cohere's offsets are per item); thinking items and the
  // tool plan become reasoning blocks.
  let text = '';
  const targets = new Map<number, Target>();
  const reasoning: Array<ReasoningBlock & { spans: CitationSpan[] }> = [];
  for (const [i, item] of content.entries()) {
    if (item.type === 'text' && item.text !== undefined) {
      targets.set(i, { kind: 'answer', offset: text.length, text: item.text });
      text += item.text;
    } else if (item.type === 'thinking' && item.thinking !== undefined) {
      targets.set(i, { kind: 'reasoning', block: reasoning.length, text: item.thinking });
      reasoning.push({ text: item.thinking, spans: [] });
    }
  }
  let planBlock: number | undefined;
  if (payload.message.tool_plan) {
    planBlock = reasoning.length;
    reasoning.push({ text: payload.message.tool_plan, spans: [] });
  }

  const targetOf = (c: Citation): Target | undefined => {
    if (c.type === 'PLAN') return planBlock === undefined ? undefined : { kind: 'reasoning', block: planBlock, text: reasoning[planBlock]!.text };
    if (c.content_index !== undefined) return targets.get(c.content_index);
    const want = c.type === 'THINKING_CONTENT' ? 'reasoning' : 'answer';
    return [...targets.values()].find((t) => t.kind === want);
  };

  for (const [i, c] of (payload.message.citations ?? []).entries()) {
    const what = `message.citations[${i}]`;
    const sources = c.sources ?? [];
    if (sources.length === 0) {
      warnings.push(`${what} ("${c.text ?? ''}") names no source; it was skipped.`);
      continue;
    }
    const target = targetOf(c);
    const isReasoning = target ? target.kind === 'reasoning' : c.type === 'THINKING_CONTENT' || c.type === 'PLAN';
    let range: { start: number; end: number } | undefined;
    let problem: string | undefined;
    if (!target) {
      problem =
        c.type === 'PLAN'
          ? 'it cites the tool plan, which the response does not include'
          : `it points at content item ${c.content_index ?? '(none)'}, which is not a text or thinking item`;
    } else if (c.start === undefined || c.end === undefined) {
      problem = 'it has no start/end';
    } else {
      const r = resolveSpan(target.text, offsetMapper(target.text, 'codepoint'), c.start, c.end, c.text || undefined);
      if (r.ok) {
        range = { start: r.start, end: r.end };
        problem = r.repaired;
      } else {
        problem = r.reason;
      }
    }

    for (const [k, s] of sources.entries()) {
      const doc = s.document ?? s.tool_output;
      const docId = stringField(doc, 'id');
      const ref: DocumentReference = { id: docId ?? s.id, index: docIndex(docId ?? s.id), title: stringField(doc, 'title'), url: stringField(doc, 'url') };
      const resolved = resolveDocumentFields(matcher, ref, warnings, `${what}.sources[${k}]`);
      if (!resolved) continue;
      // A tool's output is kept as the source's text: it is what the claim rests on.
      const passage = passageOf(doc);
      const index = docIndex(s.id ?? docId);
      const { source, n } = table.add({
        ...resolved,
        quote: passageQuote(c.text, passage),
        text: passage || undefined,
        location: index !== undefined ? { resultIndex: index } : undefined,
      });
      if (problem) addFlag(source, { code: 'offset-out-of-range', message: `The cited span of ${what}: ${problem}.` });
      if (isReasoning) {
        // Reasoning is plain text shown apart: the span is kept, no marker is written into it.
        if (target?.kind === 'reasoning' && range)
          reasoning[target.block]!.spans.push({ sourceId: source.id, key: String(n), answerStart: range.start, answerEnd: range.end });
      } else if (target?.kind === 'answer' && range) {
        cited.push({ start: target.offset + range.start, end: target.offset + range.end, sourceId: source.id, n });
      } else {
        // A citation we cannot place still cites its source: the marker goes at the end of the answer.
        cited.push({ start: text.length, end: text.length, sourceId: source.id, n });
      }
    }
    if (!range) {
      warnings.push(
        isReasoning
          ? `${what} cites the reasoning, but ${problem ?? 'has no span'}; its sources are listed without a span.`
          : `${what}: ${problem ?? 'no span'}; its markers were put at the end of the answer.`,
      );
    }
  }

  const marked = insertMarkers(text, cited);
  const blocks: ReasoningBlock[] = reasoning.map((b) => (b.spans.length > 0 ? b : { text: b.text }));
  return {
    answer: assemble(input, { text: marked.text, sources: table.sources, citations: marked.citations, spans: marked.spans, reasoning: blocks }),
    warnings,
  };
};

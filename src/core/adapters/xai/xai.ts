import { z } from 'zod';
import type { DocumentRef } from '../../model/types.ts';
import { citedDocument } from '../cited-document.ts';
import { assemble, looseObject, opt, tagged } from '../common.ts';
import { matcherFor, type DocumentMatcher, type DocumentReference } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { offsetMapper } from '../offsets.ts';
import { marker, replaceRanges, type Replacement } from '../replace-ranges.ts';
import { addFlag, SourceTable, type SourceFields } from '../sources.ts';
import type { Adapter } from '../types.ts';

// xAI (Grok) inline citations. The model writes Markdown links `[[1]](https://…)` into its text; the response
// locates each one: `text[start_index:end_index]` is the WHOLE LINK (xai-proto `InlineCitation`: start at its first
// `[`, end exclusive after its `)`), counted in CODE POINTS. The link is REPLACED by `[n]`; xAI does not say which
// words it supports, so there is no claim span (the app falls back to the sentence). Two shapes:
// - xAI SDK (gRPC) response as JSON: `outputs[0].message.{ content, citations: [{ id, start_index, end_index,
//   web_citation { url } | x_citation { url } | collections_citation { file_id, chunk_id, chunk_content, score } }] }`
//   (protobuf JSON: camelCase keys and omitted zeros are read too);
// - Responses API: `output[].content[]` `output_text` parts with `url_citation { url, title, start_index, end_index }`;
// - chat completions (`choices[0].message.content`): no metadata, only the links in the text.
// A range that is not a link is repaired to the nearest `[[id]](url)` (flagged); a citation without an end (older
// protos gave only the insertion point) gets its marker at `start_index`. Links left without structured metadata
// are resolved by their URL. The top-level `citations` list (every URL the agent looked at, cited or not) is not
// a citation of the answer and is not read.

const inlineCitation = looseObject({
  id: opt(z.union([z.string(), z.number()])),
  start_index: opt(z.number().int()),
  end_index: opt(z.number().int()),
  web_citation: opt(looseObject({ url: z.string() })),
  x_citation: opt(looseObject({ url: z.string() })),
  collections_citation: opt(
    looseObject({ file_id: opt(z.string()), chunk_id: opt(z.string()), chunk_content: opt(z.string()), score: opt(z.number().finite()) }),
  ),
});
const sdkMessage = looseObject({ role: opt(z.union([z.string(), z.number()])), content: opt(z.string()), citations: opt(z.array(inlineCitation)) });
const sdkSchema = z.preprocess(snakeKeys, looseObject({ outputs: z.array(looseObject({ message: opt(sdkMessage) })).min(1) }));
type SdkMessage = z.output<typeof sdkMessage>;

const annotationTypes = {
  url_citation: looseObject({ url: z.string(), title: opt(z.string()), start_index: opt(z.number().int()), end_index: opt(z.number().int()) }),
};
const partTypes = { output_text: looseObject({ text: z.string(), annotations: opt(z.array(tagged(annotationTypes))) }) };
const itemTypes = { message: looseObject({ content: opt(z.array(tagged(partTypes))) }) };
const responsesSchema = looseObject({ output: z.array(tagged(itemTypes)) });
const chatSchema = looseObject({ choices: z.array(looseObject({ message: looseObject({ content: opt(z.string()) }) })).min(1) });
/** Every URL the agent looked at (xAI's "all citations"): not citations of the text. */
const lookedAt = looseObject({ citations: opt(z.array(z.unknown())) });

interface Cite {
  id?: string;
  start?: number;
  end?: number;
  ref: DocumentReference;
  fields: Omit<SourceFields, 'documentId'>;
  url?: string;
  what: string;
}

export const adaptXai: Adapter = (input) => {
  const parts: Array<{ text: string; cites: Cite[]; where: string }> = [];
  const warnings: string[] = [];
  /** URLs the agent read (tool messages' citations, the top-level list), and where each was listed. */
  const lookedAtUrls = new Map<string, string>();
  const obj = typeof input.payload === 'object' && input.payload !== null ? input.payload : {};
  if ('choices' in obj) {
    // Chat completions carry no citation metadata: the links in the text are all there is.
    const message = parsePayload('xai', chatSchema, input.payload).choices[0]!.message;
    parts.push({ text: message.content ?? '', cites: [], where: 'choices[0].message' });
  } else if ('output' in obj) {
    for (const [i, item] of parsePayload('xai', responsesSchema, input.payload).output.entries()) {
      if (item.type !== 'message') continue;
      for (const [k, p] of (itemTypes.message.parse(item).content ?? []).entries()) {
        if (p.type !== 'output_text') continue;
        const part = partTypes.output_text.parse(p);
        const where = `output[${i}].content[${k}]`;
        const cites: Cite[] = [];
        for (const [a, raw] of (part.annotations ?? []).entries()) {
          const what = `${where}.annotations[${a}]`;
          if (raw.type !== 'url_citation') {
            warnings.push(`${what} has the annotation type "${raw.type}", which is not read; it was skipped.`);
            continue;
          }
          const c = annotationTypes.url_citation.parse(raw);
          cites.push({ start: c.start_index, end: c.end_index, ref: { url: c.url, title: c.title }, fields: {}, url: c.url, what });
        }
        parts.push({ text: part.text, cites, where });
      }
    }
  } else {
    // A run that used tools lists every message of it: the assistant's tool calls, the tools' results (with the
    // citations of what they read), then the answer. The answer is the last assistant message with text.
    const outputs = parsePayload('xai', sdkSchema, input.payload).outputs;
    const answerAt = answerOutput(outputs.map((o) => o.message));
    const message = outputs[answerAt]?.message;
    outputs.forEach((o, i) => {
      if (i === answerAt) return;
      for (const c of o.message?.citations ?? []) {
        const url = c.web_citation?.url ?? c.x_citation?.url;
        if (url) lookedAtUrls.set(url, `outputs[${i}].message.citations`);
      }
    });
    const cites = (message?.citations ?? []).flatMap((c, a): Cite[] => {
      const what = `outputs[${answerAt}].message.citations[${a}]`;
      const id = c.id === undefined ? undefined : String(c.id);
      // Protobuf JSON omits zero: a missing start_index is 0.
      const at = { id, start: c.start_index ?? 0, end: c.end_index, what };
      const web = c.web_citation ?? c.x_citation;
      if (web) return [{ ...at, ref: { url: web.url }, fields: {}, url: web.url }];
      const col = c.collections_citation;
      if (col) {
        return [
          { ...at, ref: { id: col.file_id }, fields: { chunkId: col.chunk_id || undefined, text: col.chunk_content || undefined, relevance: col.score } },
        ];
      }
      warnings.push(`${what} names no web, X or collections source; it was skipped.`);
      return [];
    });
    parts.push({ text: message?.content ?? '', cites, where: `outputs[${answerAt}].message` });
  }

  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  let text = '';
  for (const part of parts) {
    if (text !== '') text += '\n\n';
    text += placeCitations(part.text, part.cites, input.documents, matcher, table, warnings);
  }
  const citations = table.sources.map((s, i) => ({ n: i + 1, sourceId: s.id }));
  for (const url of lookedAt.safeParse(input.payload).data?.citations ?? [])
    if (typeof url === 'string' && !lookedAtUrls.has(url)) lookedAtUrls.set(url, 'citations');
  const cited = new Set(table.sources.flatMap((s) => [s.url, input.documents.find((d) => d.id === s.documentId)?.url]));
  const uncited = [...lookedAtUrls].filter(([url]) => !cited.has(url));
  if (uncited.length > 0) {
    const n = uncited.length;
    const where = [...new Set(uncited.map(([, w]) => `\`${w}\``))].join(', ');
    warnings.push(
      table.sources.length === 0
        ? `The response lists ${n} URL${n === 1 ? '' : 's'} the agent looked at (${where}), but the text cites none of them; they are not citations and were not read.`
        : `The agent also looked at ${n} URL${n === 1 ? '' : 's'} the answer does not cite (${where}): ${uncited
            .slice(0, 3)
            .map(([u]) => u)
            .join(', ')}${n > 3 ? ', …' : ''}; they are not citations and were not read.`,
    );
  }
  return { answer: assemble(input, { text, sources: table.sources, citations }), warnings };
};

/** The answer among a run's messages: the last assistant message with text (the first message when none has). */
function answerOutput(messages: Array<SdkMessage | undefined>): number {
  // Protobuf JSON names roles `ROLE_ASSISTANT`, `ROLE_TOOL`; numbered enums make them 2 and 5; a missing role is
  // the default output, the assistant's.
  const isAssistant = (role: SdkMessage['role']) => role === undefined || role === 2 || (typeof role === 'string' && /assistant/i.test(role));
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m && isAssistant(m.role) && (m.content ?? '').trim() !== '') return i;
  }
  return 0;
}

const LINK = /\[\[([^\]\n]{1,12})\]\]\(([^\s()]+(?:\([^\s()]*\)[^\s()]*)*)\)/g;
const isLink = (s: string) => new RegExp(`^${LINK.source}$`).test(s);

/** Replaces every located link (and every other `[[id]](url)` link) of `text` by its source's marker. */
function placeCitations(text: string, cites: Cite[], documents: AdapterDocuments, matcher: DocumentMatcher, table: SourceTable, warnings: string[]): string {
  const mapper = offsetMapper(text, 'codepoint');
  const links = [...text.matchAll(LINK)];
  const located: Array<{ cite: Cite; start?: number; end?: number; flag?: string }> = [];
  const rest: Cite[] = [];
  // First the citations whose offsets select a link, so a citation looking for its link cannot take theirs.
  for (const cite of cites) {
    const s = cite.start === undefined ? undefined : mapper.toUtf16(cite.start, 'start');
    const e = cite.end === undefined ? undefined : mapper.toUtf16(cite.end, 'end');
    if (s !== undefined && e !== undefined && e > s && isLink(text.slice(s, e))) located.push({ cite, start: s, end: e });
    else rest.push(cite);
  }
  const free = (m: RegExpExecArray) => !located.some((l) => l.start === m.index);
  for (const cite of rest) {
    const s = cite.start === undefined ? undefined : mapper.toUtf16(cite.start, 'start');
    const e = cite.end === undefined ? undefined : mapper.toUtf16(cite.end, 'end');
    // 0–0 (Responses API without inline citations) is no position at all.
    const positioned = cite.end === undefined ? cite.start !== undefined : cite.end > (cite.start ?? 0);
    const wanted = links.filter((m) => free(m) && (cite.url === undefined || m[2] === cite.url) && (cite.id === undefined || m[1] === cite.id));
    const near = s ?? 0;
    const best = wanted.sort((a, b) => Math.abs(a.index - near) - Math.abs(b.index - near))[0];
    const range = `offsets ${cite.start ?? '∅'}–${cite.end ?? '∅'}`;
    if (best && (cite.end !== undefined || s === undefined)) {
      const flag = positioned ? `${range} do not select its link; the link was found in the text at ${best.index}` : undefined;
      located.push({ cite, start: best.index, end: best.index + best[0].length, flag });
    } else if (positioned && s !== undefined) {
      // No link to replace (an insertion point, or a range that is not a link): the marker goes at the range's end.
      const at = e !== undefined && e > s ? e : s;
      const flag = e !== undefined && e > s ? `${range} do not select a citation link; the marker was put after them` : undefined;
      located.push({ cite, start: at, end: at, flag });
    } else if (positioned) {
      warnings.push(`${cite.what}: ${range} are outside the text (length ${mapper.length}); the citation was dropped.`);
    } else {
      located.push({ cite });
    }
  }
  located.sort((a, b) => (a.start ?? Infinity) - (b.start ?? Infinity));

  const replacements: Replacement[] = [];
  const placed = new Set<string>();
  for (const { cite, start, end, flag } of located) {
    const doc = citedDocument(matcher, documents, cite.ref, warnings, cite.what, cite.url);
    if (!doc) continue;
    const { source, n } = table.add({ ...doc, ...cite.fields });
    if (flag) addFlag(source, { code: 'offset-out-of-range', message: `${cite.what}: ${flag}.` });
    if (start !== undefined && end !== undefined) {
      replacements.push({ start, end, with: marker(n) });
      placed.add(source.id);
    } else if (!placed.has(source.id)) {
      warnings.push(`${cite.what} gives no place in the text and its link is not in it; it is listed as a source without a marker.`);
    }
  }
  // Links the metadata did not locate: the URL is the only reference.
  for (const m of links) {
    const start = m.index;
    const end = start + m[0].length;
    if (replacements.some((r) => r.start < end && start < r.end)) continue;
    const doc = citedDocument(matcher, documents, { url: m[2] }, warnings, `The link ${m[0]}`, m[2]);
    if (!doc) continue;
    const { n } = table.add(doc);
    replacements.push({ start, end, with: marker(n) });
  }
  const replaced = replaceRanges(text, replacements);
  for (const r of replaced.skipped) warnings.push(`A citation at ${r.start}–${r.end} overlaps another one; only the first was written.`);
  return replaced.text;
}

type AdapterDocuments = readonly DocumentRef[];

/** `startIndex` → `start_index`, recursively (protobuf JSON uses camelCase; `preserving_proto_field_name` does not). */
function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (!Object.hasOwn(out, key) || key === k) Object.defineProperty(out, key, { value: snakeKeys(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

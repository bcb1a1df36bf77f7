import { z } from 'zod';
import type { Answer, CitationMapping, CitationSpan, CoordsDescriptor, DocumentRef, ReasoningBlock, Source, SourceFlag } from '../model/types.ts';
import { digitsToNumber } from '../markers/parse-markers.ts';
import { describeReference, matcherFor, type DocumentMatcher, type DocumentReference } from './documents.ts';
import type { AdapterInput } from './types.ts';

// Pieces every adapter shares: zod building blocks and the final assembly of the canonical Answer.

/** A JSON object that keeps unknown fields (providers add fields over time). */
export const looseObject = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

export const nonNegInt = z.number().int().min(0);
export const pageNumber = z.number().int().min(1);
/** `null` and absent are the same to us (Python and Ruby serialize None/nil as null). */
export const opt = <T extends z.ZodType>(t: T) => t.nullish().transform((v) => v ?? undefined);

export interface AnswerParts {
  text: string;
  sources: Source[];
  citations?: CitationMapping[];
  spans?: CitationSpan[];
  confidence?: number;
  reviewReport?: unknown;
  coords?: CoordsDescriptor;
  /** The model's reasoning and the citations made in it (kept apart from the answer's claims). */
  reasoning?: ReasoningBlock[];
  /** Documents the adapter found that the wrapper does not list (files the model generated). */
  extraDocuments?: DocumentRef[];
}

export function assemble(input: AdapterInput, parts: AnswerParts): Answer {
  const answer: Answer = {
    id: input.id,
    text: parts.text,
    documents: [...input.documents.map((d) => ({ ...d })), ...matcherFor(input).created, ...(parts.extraDocuments ?? [])],
    sources: parts.sources,
  };
  if (input.question !== undefined) answer.question = input.question;
  if (parts.confidence !== undefined && parts.confidence >= 0 && parts.confidence <= 1) answer.confidence = parts.confidence;
  if (parts.reviewReport !== undefined) answer.reviewReport = parts.reviewReport;
  if (parts.citations && parts.citations.length > 0) answer.citations = parts.citations;
  if (parts.spans && parts.spans.length > 0) answer.spans = parts.spans;
  if (parts.reasoning && parts.reasoning.length > 0) answer.reasoning = parts.reasoning;
  const coords = parts.coords ?? input.coords;
  if (coords) answer.coords = coords;
  return answer;
}

/** `[n]` numbers the provider wrote as a number or a string (`"2"`, `"[۲]"`); undefined when it is not one. */
export function markerNumber(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  const digits = /^\s*(?:[[【]\s*)?(\p{Nd}{1,6})\s*(?:[\]】]\s*)?$/u.exec(value)?.[1];
  if (!digits) return undefined;
  const n = digitsToNumber(digits);
  return Number.isFinite(n) ? n : undefined;
}

/** A citation's document, and the flag its source must carry when the document was guessed. */
export interface ResolvedDocument {
  documentId: string;
  flags?: SourceFlag[];
}

/**
 * The wrapper document a citation points at, as source fields (`{ documentId, flags? }`, spread into the source).
 * A reference that matches nothing maps to the wrapper's only document, with a warning AND a `document-guessed`
 * flag, so the reviewer sees the guess on the reference itself; with several documents the citation is dropped
 * (with a warning) and undefined is returned.
 */
export function resolveDocumentFields(matcher: DocumentMatcher, ref: DocumentReference, warnings: string[], what: string): ResolvedDocument | undefined {
  const m = matcher.match(ref);
  if (m.kind === 'matched') return { documentId: m.doc.id };
  if (m.kind === 'fallback') {
    warnings.push(`${what} names ${describeReference(ref)}, which matches no document; it was mapped to the only document "${m.doc.id}".`);
    const message = `The provider named ${describeReference(ref)}, which matches no listed document; citelens assumed it is "${m.doc.title}", the only one.`;
    return { documentId: m.doc.id, flags: [{ code: 'document-guessed', message }] };
  }
  warnings.push(`${what} names ${describeReference(ref)}, which matches no document; the citation was dropped.`);
  return undefined;
}

/**
 * An object tagged by `type`: the known types are checked with their own schema (issues reported at the right
 * path), unknown types pass through so the adapter can skip them with a warning.
 */
export function tagged<K extends string>(known: Record<K, z.ZodType>) {
  return z.looseObject({ type: z.string() }).superRefine((value, ctx) => {
    const schema = (known as Record<string, z.ZodType | undefined>)[value.type];
    if (!schema || !Object.hasOwn(known, value.type)) return;
    const r = schema.safeParse(value);
    if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', path: [...issue.path] as PropertyKey[], message: issue.message });
  });
}

import type { Answer, CoordsDescriptor, DocumentRef } from '../model/types.ts';

// Shared types of the citation-format adapters (docs/citation-formats.md). Pure: no I/O, no React.

// The one list of provider ids. It stays a bare list of names because the wire schema (api/answer-schema.ts) checks a
// wrapper's `format` against it in the code before page 1; everything else about a provider (its label, adapter,
// detector) is declared in its folder and listed in registry.ts, which a type check holds to this list.
export const adapterFormats = [
  'raglite',
  'query-agent',
  'sid-bbox',
  'persian-rag',
  'rubyllm',
  'anthropic',
  'openai',
  'gemini',
  'bedrock',
  'azure-openai',
  'ragflow',
  'dify',
  'mistral',
  'xai',
  'openrouter',
  'cohere',
  'perplexity',
  'groq',
] as const;
/** A concrete citation format (every wrapper `format` except `auto`). */
export type Format = (typeof adapterFormats)[number];

/** What an adapter reads: the wrapper's fields, with the provider payload still untyped. */
export interface AdapterInput {
  id: string;
  question?: string;
  documents: DocumentRef[];
  /** The wrapper's default box convention. */
  coords?: CoordsDescriptor;
  payload: unknown;
}

export interface AdapterResult {
  answer: Answer;
  /**
   * Things the adapter dropped or guessed and could not put on a source as a flag: a citation naming no known
   * document, a citation type it does not read, a placeholder without an annotation. One readable line each.
   */
  warnings: string[];
}

export type Adapter = (input: AdapterInput) => AdapterResult;

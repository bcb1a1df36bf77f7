import { adaptAnthropic } from './anthropic.ts';
import { adaptCohere } from './cohere.ts';
import { adaptGemini } from './gemini.ts';
import { adaptOpenai } from './openai.ts';
import { adaptPerplexity } from './perplexity.ts';
import { adaptPersianRag } from './persian-rag.ts';
import { adaptQueryAgent } from './query-agent.ts';
import { adaptRaglite } from './raglite.ts';
import { adaptRubyllm } from './rubyllm.ts';
import { adaptSidBbox } from './sid-bbox.ts';
import type { Adapter, AdapterInput, AdapterResult, Format } from './types.ts';

// The citation-format adapters: each normalizes one provider's response into the canonical Answer.

export const adapters: Record<Format, Adapter> = {
  raglite: adaptRaglite,
  'query-agent': adaptQueryAgent,
  'sid-bbox': adaptSidBbox,
  'persian-rag': adaptPersianRag,
  rubyllm: adaptRubyllm,
  anthropic: adaptAnthropic,
  openai: adaptOpenai,
  gemini: adaptGemini,
  cohere: adaptCohere,
  perplexity: adaptPerplexity,
};

/** Runs the adapter for `format`. Throws AdapterError (and nothing else) when the payload has the wrong shape. */
export function runAdapter(format: Format, input: AdapterInput): AdapterResult {
  return adapters[format](input);
}

import { adaptAnthropic } from './anthropic/anthropic.ts';
import { adaptAzureOpenai } from './azure-openai/azure-openai.ts';
import { adaptBedrock } from './bedrock/bedrock.ts';
import { adaptCohere } from './cohere/cohere.ts';
import { adaptDify } from './dify/dify.ts';
import { adaptGemini } from './gemini/gemini.ts';
import { adaptMistral } from './mistral/mistral.ts';
import { adaptOpenai } from './openai/openai.ts';
import { adaptOpenrouter } from './openrouter/openrouter.ts';
import { adaptPerplexity } from './perplexity/perplexity.ts';
import { adaptPersianRag } from './persian-rag/persian-rag.ts';
import { adaptQueryAgent } from './query-agent/query-agent.ts';
import { adaptRagflow } from './ragflow/ragflow.ts';
import { adaptRaglite } from './raglite/raglite.ts';
import { adaptRubyllm } from './rubyllm/rubyllm.ts';
import { adaptSidBbox } from './sid-bbox/sid-bbox.ts';
import { adaptXai } from './xai/xai.ts';
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
  bedrock: adaptBedrock,
  'azure-openai': adaptAzureOpenai,
  ragflow: adaptRagflow,
  dify: adaptDify,
  mistral: adaptMistral,
  xai: adaptXai,
  openrouter: adaptOpenrouter,
  cohere: adaptCohere,
  perplexity: adaptPerplexity,
};

/** Runs the adapter for `format`. Throws AdapterError (and nothing else) when the payload has the wrong shape. */
export function runAdapter(format: Format, input: AdapterInput): AdapterResult {
  return adapters[format](input);
}

import { anthropicProvider } from './anthropic/provider.ts';
import { azureOpenaiProvider } from './azure-openai/provider.ts';
import { bedrockProvider } from './bedrock/provider.ts';
import { cohereProvider } from './cohere/provider.ts';
import { difyProvider } from './dify/provider.ts';
import { geminiProvider } from './gemini/provider.ts';
import { groqProvider } from './groq/provider.ts';
import { mistralProvider } from './mistral/provider.ts';
import { openaiProvider } from './openai/provider.ts';
import { openrouterProvider } from './openrouter/provider.ts';
import { perplexityProvider } from './perplexity/provider.ts';
import { persianRagProvider } from './persian-rag/provider.ts';
import { queryAgentProvider } from './query-agent/provider.ts';
import { ragflowProvider } from './ragflow/provider.ts';
import { ragliteProvider } from './raglite/provider.ts';
import { rubyllmProvider } from './rubyllm/provider.ts';
import { sidBboxProvider } from './sid-bbox/provider.ts';
import { xaiProvider } from './xai/provider.ts';
import { AdapterError } from './errors.ts';
import { citationLikeFields } from './lost-evidence.ts';
import type { Provider } from './provider.ts';
import type { AdapterInput, AdapterResult, Format } from './types.ts';

// Every provider, by format: each folder declares its adapter and its detector (`<provider>/provider.ts`); adding a
// provider is its folder plus its line here (and its name in types.ts, its label in format-labels.ts: a Record over
// Format makes a missing one a type error).

export const providers: Record<Format, Provider> = {
  raglite: ragliteProvider,
  'query-agent': queryAgentProvider,
  'sid-bbox': sidBboxProvider,
  'persian-rag': persianRagProvider,
  rubyllm: rubyllmProvider,
  anthropic: anthropicProvider,
  openai: openaiProvider,
  gemini: geminiProvider,
  bedrock: bedrockProvider,
  'azure-openai': azureOpenaiProvider,
  ragflow: ragflowProvider,
  dify: difyProvider,
  mistral: mistralProvider,
  xai: xaiProvider,
  openrouter: openrouterProvider,
  cohere: cohereProvider,
  perplexity: perplexityProvider,
  groq: groqProvider,
};

/**
 * Runs the adapter for `format`. Throws AdapterError (and nothing else) when the payload has the wrong shape, and
 * when the adapter read no answer text, or read no citation (and said nothing about why) from a payload that has
 * citation-like fields: an answer lost without a word must never pass as read.
 */
export function runAdapter(format: Format, input: AdapterInput): AdapterResult {
  const provider = providers[format];
  const result = provider.adapt(input);
  const paths = (list: readonly string[]) => list.map((p) => `\`${p}\``).join(', ');
  if (result.answer.text.trim() === '') {
    throw new AdapterError(format, [`payload: no answer text was found (looked at ${paths(provider.textPaths)})`]);
  }
  if (result.answer.sources.length === 0 && result.warnings.length === 0) {
    const found = citationLikeFields(input.payload);
    if (found.length > 0) {
      throw new AdapterError(format, [
        `payload: no citation was read (looked at ${paths(provider.citationPaths)}), but the payload has ${found.slice(0, 5).map((p) => `\`${p}\``).join(', ')}`,
      ]);
    }
  }
  return result;
}

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
import type { FormatLabel, Provider } from './provider.ts';
import type { AdapterInput, AdapterResult, Format } from './types.ts';

// Every provider: each folder declares its label, adapter and detector (`<provider>/provider.ts`); adding a provider is
// its folder, its id in types.ts (`adapterFormats`, the list the wire schema checks before any adapter loads) and its
// line here. The order is the order `auto` asks them in.
const registered = [
  ragliteProvider,
  queryAgentProvider,
  sidBboxProvider,
  persianRagProvider,
  rubyllmProvider,
  anthropicProvider,
  openaiProvider,
  geminiProvider,
  bedrockProvider,
  azureOpenaiProvider,
  ragflowProvider,
  difyProvider,
  mistralProvider,
  xaiProvider,
  openrouterProvider,
  cohereProvider,
  perplexityProvider,
  groqProvider,
] as const;

// A format in types.ts with no provider here is a type error naming it (and registry.test.ts checks no id is listed
// twice).
type Unregistered = Exclude<Format, (typeof registered)[number]['format']>;
const everyFormatRegistered: [Unregistered] extends [never] ? true : Unregistered = true;
void everyFormatRegistered;

export const providers = Object.fromEntries(registered.map((p): [Format, Provider] => [p.format, p])) as Record<Format, Provider>;

/** How the answer pane names `format` and its provider. */
export function formatLabel(format: Format): FormatLabel {
  return providers[format].label;
}

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
        `payload: no citation was read (looked at ${paths(provider.citationPaths)}), but the payload has ${found
          .slice(0, 5)
          .map((p) => `\`${p}\``)
          .join(', ')}`,
      ]);
    }
  }
  return result;
}

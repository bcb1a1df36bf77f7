import type { Format } from './types.ts';

// How the answer pane names the format an answer was read as ("Read as Cohere v2 chat") and the provider whose
// confidence a score is ("Gemini confidence 87 %"). A Record over Format, so a new adapter cannot ship unnamed.

export interface FormatLabel {
  /** Who produced the response, for "<provider> confidence". */
  provider: string;
  /** The response shape the adapter read, for "Read as <shape>". */
  shape: string;
}

const labels: Record<Format, FormatLabel> = {
  raglite: { provider: 'raglite', shape: 'raglite citations' },
  'query-agent': { provider: 'Query Agent', shape: 'Query Agent response' },
  'sid-bbox': { provider: 'S-ID backend', shape: 'S-ID citations with boxes' },
  'persian-rag': { provider: 'Persian RAG', shape: 'Persian RAG citations' },
  rubyllm: { provider: 'RubyLLM', shape: 'RubyLLM message citations' },
  anthropic: { provider: 'Anthropic', shape: 'Anthropic Messages' },
  openai: { provider: 'OpenAI', shape: 'OpenAI response' },
  gemini: { provider: 'Gemini', shape: 'Gemini response' },
  bedrock: { provider: 'Bedrock', shape: 'Amazon Bedrock' },
  'azure-openai': { provider: 'Azure OpenAI', shape: 'Azure OpenAI On Your Data' },
  ragflow: { provider: 'RAGFlow', shape: 'RAGFlow answer' },
  dify: { provider: 'Dify', shape: 'Dify chat message' },
  mistral: { provider: 'Mistral', shape: 'Mistral conversation' },
  xai: { provider: 'xAI', shape: 'xAI Grok response' },
  openrouter: { provider: 'OpenRouter', shape: 'OpenRouter chat completion' },
  cohere: { provider: 'Cohere', shape: 'Cohere chat' },
  perplexity: { provider: 'Perplexity', shape: 'Perplexity response' },
  groq: { provider: 'Groq', shape: 'Groq compound' },
};

export function formatLabel(format: Format): FormatLabel {
  return labels[format];
}

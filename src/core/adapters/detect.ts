import type { Format } from './types.ts';

// `auto`: recognises a payload by the fields only one format has. Checked in this order; the first rule that
// holds wins (docs/citation-formats.md lists the rules). Returns null when nothing is recognised.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function detectFormat(payload: unknown): Format | null {
  if (!isObj(payload)) return null;
  const byEnvelope = detectByEnvelope(payload);
  if (byEnvelope) return byEnvelope;
  if (Array.isArray(payload.candidates)) return 'gemini';
  const byChatShape = detectChatShapes(payload);
  if (byChatShape) return byChatShape;
  if (Array.isArray(payload.output) || payload.object === 'response') return 'openai';
  if (Array.isArray(payload.data) && payload.data.some((m) => isObj(m) && m.object === 'thread.message')) return 'openai';
  if (Array.isArray(payload.content)) {
    const parts = payload.content.filter(isObj);
    if (parts.some((p) => p.type === 'text' && isObj(p.text) && typeof p.text.value === 'string')) return 'openai';
    if (parts.some((p) => p.type === 'text' && typeof p.text === 'string')) return 'anthropic';
    if (payload.type === 'message' && payload.role === 'assistant') return 'anthropic';
    return null;
  }

  const cites = Array.isArray(payload.citations) ? payload.citations.filter(isObj) : undefined;
  const has = (key: string) => cites?.some((c) => key in c) ?? false;
  if (typeof payload.content === 'string' && cites) return 'rubyllm';
  if (has('citation_id')) return 'sid-bbox';
  if (has('chunkId') || has('relevance') || (has('index') && has('quote'))) return 'query-agent';
  if (has('marker') || has('answer_start') || has('chunk_start')) return 'persian-rag';
  if (has('cited_text') || has('start_index') || has('source_index')) return 'rubyllm';
  if (has('n') && has('source')) return 'raglite';
  if ('uncited' in payload || 'invalid_markers' in payload) return 'persian-rag';
  if ('reviewReport' in payload) return 'query-agent';
  if (cites && typeof payload.text === 'string') return 'raglite';
  if (cites && typeof payload.answer === 'string') return 'query-agent';
  return null;
}

/**
 * Formats told apart by their envelope (Bedrock, xAI, Mistral, Dify, RAGFlow, Azure OpenAI, OpenRouter). Checked
 * first: each rule needs a field no other format has, so no payload of the formats above matches one.
 */
function detectByEnvelope(p: Obj): Format | null {
  if (isObj(p.output) && (isObj(p.output.message) || (typeof p.output.text === 'string' && Array.isArray(p.citations)))) return 'bedrock';
  if (typeof p.model === 'string' && /^grok/i.test(p.model) && (Array.isArray(p.output) || p.object === 'response' || Array.isArray(p.choices))) return 'xai';
  if (Array.isArray(p.outputs)) {
    if (p.outputs.some((o) => isObj(o) && o.type === 'message.output')) return 'mistral';
    if (p.outputs.some((o) => isObj(o) && isObj(o.message))) return 'xai';
  }
  if (isObj(p.metadata) && Array.isArray(p.metadata.retriever_resources)) return 'dify';
  const data = isObj(p.data) ? p.data : p;
  if (typeof data.answer === 'string' && (isObj(data.reference) || Array.isArray(data.reference))) return 'ragflow';
  const choice = Array.isArray(p.choices) && isObj(p.choices[0]) ? p.choices[0] : undefined;
  const message = choice && isObj(choice.message) ? choice.message : undefined;
  if (message && isObj(message.context)) return 'azure-openai';
  if (choice && Array.isArray(choice.messages) && choice.messages.some((m) => isObj(m) && m.role === 'tool')) return 'azure-openai';
  if (message && isObj(message.reference)) return 'ragflow';
  if (message && Array.isArray(message.content) && message.content.some((c) => isObj(c) && (c.type === 'tool_reference' || c.type === 'reference'))) return 'mistral';
  if (message && (typeof p.provider === 'string' || (typeof p.id === 'string' && p.id.startsWith('gen-')))) return 'openrouter';
  return null;
}

/**
 * Cohere v2 (`message.content[]` / `message.citations[]`), Perplexity (`choices` + `search_results`, or
 * `citations` as URL strings; not Grok, whose chat completions list URLs the same way) and OpenAI Chat Completions
 * (`choices[0].message.annotations[]`).
 */
function detectChatShapes(p: Obj): Format | null {
  if (isObj(p.message) && (Array.isArray(p.message.citations) || (Array.isArray(p.message.content) && p.message.content.some((c) => isObj(c) && (c.type === 'text' || c.type === 'thinking'))))) {
    return 'cohere';
  }
  if (!Array.isArray(p.choices)) return null;
  const urlList = Array.isArray(p.citations) && p.citations.every((c) => typeof c === 'string');
  if ((Array.isArray(p.search_results) || urlList) && !(typeof p.model === 'string' && /^grok/i.test(p.model))) return 'perplexity';
  const message = isObj(p.choices[0]) && isObj(p.choices[0].message) ? p.choices[0].message : undefined;
  if (message && Array.isArray(message.annotations)) return 'openai';
  return null;
}

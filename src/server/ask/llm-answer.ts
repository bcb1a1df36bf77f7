import { z } from 'zod';
import { citedDocuments, passageSource, type Draft } from './draft.ts';
import type { RankedPassage } from './retrieve.ts';
import { validateMarkers } from './validate-markers.ts';

// The model-backed answerer (CITELENS_LLM_URL): the retrieved passages go to an OpenAI-compatible chat completions
// endpoint as S1…Sk; the model answers citing them as [S1]; every marker is then checked against what was supplied
// (validate-markers.ts) and the answer keeps only the passages it really cites.

export interface LlmConfig {
  /** Base URL, e.g. `http://127.0.0.1:8080/v1`; `/chat/completions` is appended. */
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** The model could not be asked or gave no usable answer; `message` is safe to show (no key, no prompt). */
export class LlmError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LlmError';
  }
}

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1),
});

const INSTRUCTIONS = [
  'You answer questions about documents using only the passages supplied, each labelled with an ID such as S1.',
  'Cite every statement with the ID of the passage that supports it, in square brackets right after the statement, e.g. [S1] or [S1, S3].',
  'Use only the IDs supplied. Do not cite anything else. If the passages do not answer the question, say so plainly.',
  'Answer briefly, in plain Markdown, in the language of the question.',
].join(' ');

export function buildMessages(question: string, ranked: readonly RankedPassage[]): { role: string; content: string }[] {
  const passages = ranked
    .map((r, i) => {
      const where = [r.document.title, r.passage.page !== undefined ? `page ${r.passage.page}` : undefined, r.passage.section].filter(Boolean).join(', ');
      return `[S${i + 1}] (${where})\n${r.passage.quote}`;
    })
    .join('\n\n');
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: `Passages:\n\n${passages}\n\nQuestion: ${question}` },
  ];
}

function endpoint(base: string): string {
  // (?<!\/): the trailing slashes are tried once, from the first, not from each (quadratic on a long run)
  return `${base.replace(/(?<!\/)\/+$/, '')}/chat/completions`;
}

export async function llmDraft(config: LlmConfig, question: string, ranked: readonly RankedPassage[], signal?: AbortSignal): Promise<Draft> {
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(endpoint(config.url), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(config.apiKey && { Authorization: `Bearer ${config.apiKey}` }),
      },
      body: JSON.stringify({ model: config.model, messages: buildMessages(question, ranked), temperature: 0, stream: false }),
      signal: combined,
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    if (timeout.aborted) throw new LlmError(`The language model did not answer within ${Math.round(config.timeoutMs / 1000)} s.`);
    throw new LlmError(`The language model cannot be reached: ${(e as Error).message}.`);
  }
  let body: unknown;
  try {
    const raw = await response.text();
    body = raw === '' ? null : JSON.parse(raw);
  } catch (e) {
    if (signal?.aborted) throw e;
    if (timeout.aborted) throw new LlmError(`The language model did not answer within ${Math.round(config.timeoutMs / 1000)} s.`);
    throw new LlmError(`The language model answered HTTP ${response.status} with a body that is not JSON.`);
  }
  if (!response.ok) {
    const detail = (body as { error?: { message?: unknown } } | null)?.error?.message;
    const said = typeof detail === 'string' ? `: ${detail.slice(0, 200)}` : '';
    throw new LlmError(`The language model answered HTTP ${response.status}${said}.`);
  }
  const parsed = completionSchema.safeParse(body);
  const content = parsed.success ? parsed.data.choices[0]?.message.content : undefined;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new LlmError('The language model answered without any text (expected choices[0].message.content).');
  }
  const supplied = ranked.map((r, i) => passageSource(r, `S${i + 1}`));
  const checked = validateMarkers(content.trim(), new Set(supplied.map((s) => s.id)));
  const sources = supplied.filter((s) => checked.cited.includes(s.id));
  return {
    text: checked.text,
    documents: citedDocuments(ranked, sources),
    sources,
    ...(checked.invalid.length > 0 && { invalidMarkers: checked.invalid }),
  };
}

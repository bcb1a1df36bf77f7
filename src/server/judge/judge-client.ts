import { z } from 'zod';
import type { JudgeConfig } from './config.ts';

// One entailment verdict from an OpenAI-compatible chat model: the claim, the cited quote and its context go in; a
// strict JSON object comes out, `{"verdict": "supported" | "contradicted" | "not_enough_info", "reason": "…"}`.
// Anything else (not JSON, other fields, a refusal, an HTTP error, no answer in time) is a JudgeError: the caller
// keeps the rules' verdict.

export type JudgeVerdict = 'supported' | 'contradicted' | 'not_enough_info';

export interface JudgeInput {
  claim: string;
  quote: string;
  /** Title, section, the words before the quote on its page: what "she" or "the company" refers to. */
  context: string[];
}

export interface JudgeOutput {
  verdict: JudgeVerdict;
  /** One line, at most 300 characters (untrusted text: shown as text, never as HTML). */
  reason: string;
}

/** The judge could not give a verdict; `message` is safe to show (no key, no prompt). */
export class JudgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JudgeError';
  }
}

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }) })).min(1),
});

const verdictSchema = z.strictObject({
  verdict: z.enum(['supported', 'contradicted', 'not_enough_info']),
  reason: z.string().min(1).max(300),
});

const INSTRUCTIONS = [
  'You check whether a cited passage supports a claim. Use only the passage and its context, no outside knowledge.',
  'Answer "supported" only if the passage states everything the claim says; "contradicted" if the passage states',
  'something incompatible with the claim (another number, date, name, or the opposite); otherwise "not_enough_info".',
  'Reply with one JSON object and nothing else: {"verdict": "supported" | "contradicted" | "not_enough_info",',
  '"reason": "<one sentence, at most 200 characters>"}.',
].join(' ');

export function buildJudgeMessages(input: JudgeInput): { role: string; content: string }[] {
  const context = input.context
    .filter((c) => c.trim())
    .map((c) => `- ${c.trim()}`)
    .join('\n');
  const user = [`Claim:\n${input.claim}`, `Passage:\n${input.quote}`, context ? `Context (title, section, the text before the passage):\n${context}` : '']
    .filter(Boolean)
    .join('\n\n');
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: user },
  ];
}

const endpoint = (base: string) => `${base.replace(/(?<!\/)\/+$/u, '')}/chat/completions`;

/** The model's content as the verdict object: plain JSON, or JSON in one Markdown code fence. */
export function parseVerdict(content: string): JudgeOutput {
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n```$/u.exec(content.trim());
  let value: unknown;
  try {
    value = JSON.parse(fenced ? fenced[1]! : content.trim());
  } catch {
    throw new JudgeError('The judge did not answer with JSON.');
  }
  const parsed = verdictSchema.safeParse(value);
  if (!parsed.success) throw new JudgeError('The judge answered JSON of another shape (expected {"verdict", "reason"}).');
  return { verdict: parsed.data.verdict, reason: parsed.data.reason.replace(/\s+/gu, ' ').trim() };
}

/** Ask the judge about one claim × quote. Rejects with JudgeError (or the caller's abort). */
export async function askJudge(config: JudgeConfig, input: JudgeInput, signal?: AbortSignal): Promise<JudgeOutput> {
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const late = () => new JudgeError(`The judge did not answer within ${Math.round(config.timeoutMs / 1000)} s.`);
  let raw: string;
  let status: number;
  try {
    const response = await fetch(endpoint(config.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(config.apiKey && { Authorization: `Bearer ${config.apiKey}` }) },
      body: JSON.stringify({
        model: config.model,
        messages: buildJudgeMessages(input),
        temperature: 0,
        stream: false,
        response_format: { type: 'json_object' },
      }),
      signal: combined,
    });
    status = response.status;
    raw = await response.text();
  } catch (e) {
    if (signal?.aborted) throw e;
    if (timeout.aborted) throw late();
    throw new JudgeError(`The judge cannot be reached: ${(e as Error).message}.`);
  }
  if (status < 200 || status >= 300) throw new JudgeError(`The judge answered HTTP ${status}.`);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new JudgeError(`The judge answered HTTP ${status} with a body that is not JSON.`);
  }
  const parsed = completionSchema.safeParse(body);
  if (!parsed.success) throw new JudgeError('The judge answered without choices[0].message.');
  const message = parsed.data.choices[0]!.message;
  if (typeof message.refusal === 'string' && message.refusal.trim()) throw new JudgeError('The judge refused to answer.');
  if (typeof message.content !== 'string' || !message.content.trim()) throw new JudgeError('The judge answered without any text.');
  return parseVerdict(message.content);
}

import { ConfigError } from '../../node/config-error.ts';
import type { LlmConfig } from './llm-answer.ts';

// Asking questions (docs/api.md, "Asking questions"): on by default with the extractive answerer; `CITELENS_ASK=off`
// turns the routes off; `CITELENS_LLM_URL` (+ `CITELENS_LLM_MODEL`, optional `CITELENS_LLM_API_KEY` and
// `CITELENS_LLM_TIMEOUT_MS`) answers with an OpenAI-compatible model instead.

export interface AskConfig {
  llm?: LlmConfig;
  /** Pause between streamed text pieces (ms); default 25. */
  streamDelayMs?: number;
  /** Chat sessions: idle lifetime (ms) and most kept at once. */
  sessionTtlMs?: number;
  maxSessions?: number;
  /** Clock, Unix milliseconds (tests). */
  now?: () => number;
}

export const DEFAULT_LLM_TIMEOUT_MS = 60_000;

/** `false` when asking is turned off. Throws ConfigError (a message safe to print, never the key) when unusable. */
export function readAskEnv(env: NodeJS.ProcessEnv): AskConfig | false {
  const switchValue = (env.CITELENS_ASK ?? '').trim().toLowerCase();
  if (['off', '0', 'false', 'no'].includes(switchValue)) return false;
  if (!['', 'on', '1', 'true', 'yes'].includes(switchValue)) {
    throw new ConfigError(`CITELENS_ASK must be "on" or "off" (got "${env.CITELENS_ASK}").`);
  }
  const url = env.CITELENS_LLM_URL?.trim();
  if (!url) return {};
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('CITELENS_LLM_URL must be an http(s) URL such as http://127.0.0.1:8080/v1.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError('CITELENS_LLM_URL must be an http(s) URL such as http://127.0.0.1:8080/v1.');
  }
  const model = env.CITELENS_LLM_MODEL?.trim();
  if (!model) throw new ConfigError('CITELENS_LLM_URL is set but CITELENS_LLM_MODEL is not: name the model to ask.');
  const timeoutText = env.CITELENS_LLM_TIMEOUT_MS?.trim();
  const timeoutMs = timeoutText ? Number(timeoutText) : DEFAULT_LLM_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1000 || timeoutMs > 600_000) {
    throw new ConfigError('CITELENS_LLM_TIMEOUT_MS must be a whole number of milliseconds between 1000 and 600000.');
  }
  const apiKey = env.CITELENS_LLM_API_KEY?.trim();
  return { llm: { url, model, timeoutMs, ...(apiKey && { apiKey }) } };
}

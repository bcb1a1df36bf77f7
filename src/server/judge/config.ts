import { ConfigError } from '../../node/config-error.ts';

// The model judge (docs/support-judge.md): off unless a model is named. `CITELENS_JUDGE_URL` (+ `CITELENS_JUDGE_MODEL`,
// `CITELENS_JUDGE_API_KEY`, `CITELENS_JUDGE_TIMEOUT_MS`) names one; without it the ask answerer's model
// (`CITELENS_LLM_URL`, `CITELENS_LLM_MODEL`, `CITELENS_LLM_API_KEY`) is used. `CITELENS_JUDGE=off` turns it off.

export interface JudgeConfig {
  /** Base URL of an OpenAI-compatible API, e.g. `http://127.0.0.1:8080/v1`; `/chat/completions` is appended. */
  url: string;
  model: string;
  apiKey?: string;
  /** One verdict's time limit. */
  timeoutMs: number;
  /** Claim × passage pairs judged at once. */
  concurrency: number;
}

export const DEFAULT_JUDGE_TIMEOUT_MS = 20_000;

/** The judge's settings, or null when it is off. Throws ConfigError (safe to print, never the key) when unusable. */
export function readJudgeEnv(env: NodeJS.ProcessEnv): JudgeConfig | null {
  if (['off', '0', 'false', 'no'].includes((env.CITELENS_JUDGE ?? '').trim().toLowerCase())) return null;
  const own = env.CITELENS_JUDGE_URL?.trim();
  const url = own || env.CITELENS_LLM_URL?.trim();
  if (!url) return null;
  const name = own ? 'CITELENS_JUDGE_URL' : 'CITELENS_LLM_URL';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL such as http://127.0.0.1:8080/v1.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(`${name} must be an http(s) URL such as http://127.0.0.1:8080/v1.`);
  const model = (own ? env.CITELENS_JUDGE_MODEL : undefined)?.trim() || env.CITELENS_JUDGE_MODEL?.trim() || env.CITELENS_LLM_MODEL?.trim();
  if (!model) throw new ConfigError(`${name} is set but no model is named: set CITELENS_JUDGE_MODEL (or CITELENS_LLM_MODEL).`);
  const timeoutText = env.CITELENS_JUDGE_TIMEOUT_MS?.trim();
  const timeoutMs = timeoutText ? Number(timeoutText) : DEFAULT_JUDGE_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1000 || timeoutMs > 600_000) {
    throw new ConfigError('CITELENS_JUDGE_TIMEOUT_MS must be a whole number of milliseconds between 1000 and 600000.');
  }
  const apiKey = (own ? env.CITELENS_JUDGE_API_KEY : env.CITELENS_JUDGE_API_KEY || env.CITELENS_LLM_API_KEY)?.trim();
  return { url, model, timeoutMs, concurrency: 4, ...(apiKey && { apiKey }) };
}

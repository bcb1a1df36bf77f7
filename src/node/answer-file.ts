// Reading an answer file from disk (or its parsed JSON) the way the app reads a fetched one: shared by the CLI's
// `adapt` and `audit` and by the server, which needs an answer's claims (src/server/review/answer-claims.ts).
import path from 'node:path';
import type { z } from 'zod';
import { adaptWrappedAnswer, FormatDetectionError } from '../api/adapt-answer.ts';
import { canonicalAnswerSchema, wrappedAnswerSchema } from '../api/answer-schema.ts';
import { detect } from '../core/adapters/detect.ts';
import { explainUndetected } from '../core/adapters/detect-explain.ts';
import { unwrapEnvelope } from '../core/adapters/envelope.ts';
import { isAdapterError } from '../core/adapters/errors.ts';
import { parseJson } from '../core/json/parse-json.ts';
import { bareResponseWrapper, fillDocumentUrls, mayBeBareResponse, storedDocumentUrl } from '../core/model/answer-file.ts';
import type { Answer } from '../core/model/types.ts';
import { InputFileError, readInputText } from './read-input.ts';

export type AnswerFileResult =
  | { ok: true; format: string; answer: Answer; warnings: string[] }
  /** Why the file cannot be read as an answer, naming the file (and JSON paths where it helps). */
  | { ok: false; message: string };

/**
 * Reads an answer file, canonical, wrapped (any citation format, `auto` included) or a provider's bare response
 * (read as `auto`), normalized with the app's own code; documents without `url` read as the server serves them.
 * Shared by `adapt` and `audit`, so both read exactly what the app and the server read.
 */
export function readAnswerFile(file: string): AnswerFileResult {
  const fail = (message: string): AnswerFileResult => ({ ok: false, message });
  let text: string;
  try {
    text = readInputText(file);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return fail(e instanceof InputFileError ? err.message : `cannot read ${file}: ${err.message}`);
  }
  const json = parseJson(text);
  if (!json.ok) return fail(`${file} is not valid JSON: ${json.message}`);
  // Documents without `url` are read as the server serves them (one rule: core/model/answer-file.ts).
  const data = fillDocumentUrls(json.value, storedDocumentUrl);

  return adaptAnswerData(data, file);
}

/**
 * An answer file's parsed JSON, canonical or wrapped, normalized with the app's own code; `file` names it in
 * messages. Also read by the server, which needs an answer's claims (src/server/review/answer-claims.ts).
 */
export function adaptAnswerData(data: unknown, file: string): AnswerFileResult {
  const fail = (message: string): AnswerFileResult => ({ ok: false, message });
  const format = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as { format?: unknown }).format : undefined;
  let wrapper: unknown = data;
  if (format === undefined || format === 'citelens/1') {
    const parsed = canonicalAnswerSchema.safeParse(data);
    if (parsed.success) {
      const { format: _format, ...answer } = parsed.data;
      void _format;
      return { ok: true, format: 'citelens/1', answer, warnings: [] };
    }
    // Not a canonical answer: a provider's response stored as it came is read as `format: "auto"`.
    if (format !== undefined || !mayBeBareResponse(data) || detect(data).kind === 'none') {
      const hint =
        format === undefined && mayBeBareResponse(data)
          ? `\nNor is it a provider's response citelens recognises. ${explainUndetected(unwrapEnvelope(data))}`
          : '';
      return fail(`${file} is not a canonical answer:\n${issues(parsed.error)}${hint}`);
    }
    wrapper = bareResponseWrapper(data, path.basename(file).replace(/\.json$/i, ''));
  }

  const wrapped = wrappedAnswerSchema.safeParse(wrapper);
  if (!wrapped.success) return fail(`${file} is not a wrapped answer:\n${issues(wrapped.error)}`);
  try {
    const adapted = adaptWrappedAnswer(wrapped.data);
    return { ok: true, format: adapted.format, answer: adapted.answer, warnings: adapted.warnings };
  } catch (e) {
    if (e instanceof FormatDetectionError) return fail(`${file}: ${e.message}`);
    if (isAdapterError(e)) return fail(`${file}: ${e.message}`);
    throw e;
  }
}

/** zod issues as `  - path.to[0].field: message`, paths from the file's root. */
function issues(error: z.ZodError): string {
  const lines = error.issues.slice(0, 10).map((i) => {
    let path = '';
    for (const key of i.path) path += typeof key === 'number' ? `[${key}]` : path === '' ? String(key) : `.${String(key)}`;
    return `  - ${path || '(root)'}: ${i.message}`;
  });
  if (error.issues.length > 10) lines.push(`  - …and ${error.issues.length - 10} more`);
  return lines.join('\n');
}

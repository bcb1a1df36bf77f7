import type { z } from 'zod';
import type { Format } from './types.ts';

/** A payload that does not have the shape its adapter reads. The only error an adapter throws. */
export class AdapterError extends Error {
  override readonly name = 'AdapterError';
  readonly format: Format;
  /** One line per problem, `path: message` (paths relative to the payload). */
  readonly issues: string[];

  constructor(format: Format, issues: string[], options?: { cause?: unknown }) {
    const shown = issues.slice(0, 10).map((i) => `  - ${i}`);
    if (issues.length > shown.length) shown.push(`  - …and ${issues.length - shown.length} more`);
    super(`The "${format}" payload does not have the expected shape:\n${shown.join('\n')}`, options);
    this.format = format;
    this.issues = issues;
  }
}

export function isAdapterError(e: unknown): e is AdapterError {
  return e instanceof AdapterError;
}

/** Parses `payload` with `schema`, or throws an AdapterError listing the zod issues as `payload.path: message`. */
export function parsePayload<S extends z.ZodType>(format: Format, schema: S, payload: unknown): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data as z.output<S>;
  throw new AdapterError(format, zodIssues(parsed.error), { cause: parsed.error });
}

export function zodIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = 'payload';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  return out;
}

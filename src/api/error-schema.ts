import { z } from 'zod';

// Every error the API answers is `{ error: { code, message, ...details } }` (docs/api.md), some with top-level fields
// beside it (the review's 409 carries `current`). The server writes it through one helper (server/api-error.ts) typed
// by this schema; the client reads it with the same schema, leniently: a proxy's error page or an older server may
// send less, and the client then says what the status says.

/**
 * Every `code` the server answers with (docs/api.md, "Errors"). The server's helper accepts only these (a type error
 * otherwise); the client's schema below still reads any string, since a proxy or another version may send others.
 */
export const apiErrorCodes = [
  'bad_request',
  'invalid_json',
  'unauthorized',
  'forbidden',
  'embed_link_expired',
  'embed_link_invalid',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_answer',
  'precondition_required',
  'rate_limited',
  'internal',
  'model_error',
  'file_changing',
  'storage_unavailable',
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

export const apiErrorBodySchema = z.looseObject({
  error: z.looseObject({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.input<typeof apiErrorBodySchema>;

/** The code and message of an error body, as far as they are there. */
export function readErrorBody(body: unknown): { code?: string; message?: string } {
  const parsed = apiErrorBodySchema.safeParse(body);
  if (parsed.success) return { code: parsed.data.error.code, message: parsed.data.error.message };
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return {
    ...(typeof error?.code === 'string' && { code: error.code }),
    ...(typeof error?.message === 'string' && { message: error.message }),
  };
}

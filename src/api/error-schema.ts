import { z } from 'zod';

// Every error the API answers is `{ error: { code, message, ...details } }` (docs/api.md), some with top-level fields
// beside it (the review's 409 carries `current`). The server writes it through one helper (server/api-error.ts) typed
// by this schema; the client reads it with the same schema, leniently: a proxy's error page or an older server may
// send less, and the client then says what the status says.

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

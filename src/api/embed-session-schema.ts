import { z } from 'zod';

// `POST /api/embed/session` (docs/api.md, docs/embed.md): the SPA opened from a signed embed link trades the
// link's query parameters for a short-lived bearer token that reads that one answer and its documents.

/** The four query parameters of the signed link, as strings, exactly as they appear in the address. */
export const embedSessionRequestSchema = z.object({
  answer: z.string(),
  origin: z.string(),
  exp: z.string(),
  sig: z.string(),
});

export type EmbedSessionRequest = z.infer<typeof embedSessionRequestSchema>;

export const embedSessionResponseSchema = z.object({
  /** Send as `Authorization: Bearer <token>`; keep it in memory only (never in a URL or storage). */
  token: z.string().min(1),
  /** The answer the token may read (with its documents). */
  answer: z.string(),
  /** The portal origin the link was signed for: the only origin the SPA should talk to with postMessage. */
  origin: z.string(),
  /** When the token stops working, in Unix seconds. */
  expiresAt: z.number().int(),
});

export type EmbedSessionResponse = z.infer<typeof embedSessionResponseSchema>;

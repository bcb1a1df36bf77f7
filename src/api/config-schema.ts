import { z } from 'zod';

// `GET /api/config`: what the SPA learns from the server at start-up (docs/api.md). There is no inline script in
// index.html (the CSP forbids one), so this endpoint is the only way server settings reach the page.

export const appConfigSchema = z.object({
  /** Exact origins (`scheme://host[:port]`) allowed to frame `/embed`; empty when embedding is off. */
  embedOrigins: z.array(z.string()),
  features: z.object({
    /** The review API is mounted on this server. */
    review: z.boolean(),
    /** Asking questions: `POST /api/ask`, `GET /api/answers/:id/thread` and `POST /api/chat` are mounted. */
    ask: z.boolean(),
  }),
  /**
   * `required`: every other /api route needs `Authorization: Bearer <token>`. Defaults to not required for
   * servers that predate it: the flag only tells the SPA to ask for a token, the server enforces it either way.
   */
  auth: z.object({ required: z.boolean() }).default({ required: false }),
});

export type AppConfig = z.infer<typeof appConfigSchema>;

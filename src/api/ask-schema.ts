import { z } from 'zod';
import { sourceSchema } from './answer-schema.ts';

// The wire contract of asking (docs/api.md, issue #12): POST /api/ask, its event stream, and a thread's turns.
// Answers inside these responses are read by answerFromJson (client.ts), like GET /api/answers/:id.

export interface AskRequest {
  question: string;
  /** A follow-up in this answer's thread; absent: a new thread. */
  answerId?: string;
}

/** `POST /api/ask` → 201. */
export const askResponseSchema = z.object({ answer: z.unknown() });

/** `GET /api/answers/:id/thread`. */
export const threadSchema = z.object({
  /** The root answer's id. */
  id: z.string().min(1),
  turns: z.array(z.object({ answerId: z.string().min(1), question: z.string(), turn: z.number().int().min(1) })).min(1),
});
export type Thread = z.infer<typeof threadSchema>;
export type ThreadTurn = Thread['turns'][number];

/** The data of each event of `POST /api/ask` with `Accept: text/event-stream`. */
export const streamEventSchemas = {
  text: z.object({ delta: z.string() }),
  source: z.object({ source: sourceSchema }),
  done: z.object({ answer: z.unknown() }),
  error: z.object({ message: z.string() }),
} as const;

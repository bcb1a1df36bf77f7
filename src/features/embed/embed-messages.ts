import { z } from 'zod';
import type { ReviewDecision } from '../../core/review/decisions.ts';
import { ACCENT, PANES, THEMES } from './display-params.ts';

// The postMessage API, version 1 (docs/embed.md, "postMessage API"). Every message is
// `{ type: "citelens:<name>", version: 1, ...payload }`. Messages from the portal are untrusted data: each is parsed
// here, and anything that does not parse is dropped by the channel (embed-channel.ts), never acted on.

export const PROTOCOL_VERSION = 1;
export const PREFIX = 'citelens:';

const version = z.literal(PROTOCOL_VERSION);
/** The id rule of answers, documents, sources and claims (docs/urls.md). */
const id = z.string().regex(/^[A-Za-z0-9._-]{1,200}$/);

const hello = z.object({ type: z.literal('citelens:hello'), version });
const load = z.union([
  // A canonical or wrapped answer object: validated and adapted later, by the same code as a fetched answer.
  z.object({ type: z.literal('citelens:load'), version, answer: z.record(z.string(), z.unknown()), answerId: z.undefined().optional() }),
  z.object({ type: z.literal('citelens:load'), version, answerId: id, answer: z.undefined().optional() }),
]);
const openCitation = z.union([
  z.object({ type: z.literal('citelens:openCitation'), version, n: z.number().int().min(0).max(999_999), sourceId: z.undefined().optional() }),
  z.object({ type: z.literal('citelens:openCitation'), version, sourceId: z.string().min(1).max(200), n: z.undefined().optional() }),
]);
const openClaim = z.object({ type: z.literal('citelens:openClaim'), version, claimId: id });
/** `night`: night pages (the PDF recoloured for reading in the dark); absent leaves them as they are. */
const setTheme = z.object({
  type: z.literal('citelens:setTheme'),
  version,
  theme: z.enum(THEMES),
  accent: z.string().regex(ACCENT).optional(),
  night: z.boolean().optional(),
});
/** RFC 6750 token68: always a valid header value. The token itself is never logged, whatever happens to it. */
const setPanels = z.object({ type: z.literal('citelens:setPanels'), version, panels: z.array(z.enum(PANES)).min(1).max(PANES.length) });
const setToken = z.object({
  type: z.literal('citelens:setToken'),
  version,
  token: z
    .string()
    .min(1)
    .max(4096)
    .regex(/^[A-Za-z0-9._~+/-]+=*$/),
});
const getLink = z.object({ type: z.literal('citelens:getLink'), version });

const inboundSchemas = {
  'citelens:hello': hello,
  'citelens:load': load,
  'citelens:openCitation': openCitation,
  'citelens:openClaim': openClaim,
  'citelens:setTheme': setTheme,
  'citelens:setPanels': setPanels,
  'citelens:setToken': setToken,
  'citelens:getLink': getLink,
} as const;

export type InboundType = keyof typeof inboundSchemas;
export type InboundMessage = { [K in InboundType]: z.output<(typeof inboundSchemas)[K]> }[InboundType];
export const INBOUND_TYPES = Object.keys(inboundSchemas) as InboundType[];

/** Messages the app sends (the portal should parse them as strictly). */
export type OutboundMessage = { version: typeof PROTOCOL_VERSION } & (
  | { type: 'citelens:ready'; features: { review: boolean; ask: boolean }; needsToken?: boolean }
  | { type: 'citelens:citationOpened'; n: number | null; key: string; sourceId: string; documentId: string; page: number | null; verdict: EmbedVerdict }
  | { type: 'citelens:anchored'; sourceId: string; found: boolean; differs: boolean; score: number | null; page: number; verdict: EmbedVerdict }
  | { type: 'citelens:verdict'; sourceId: string; verdict: EmbedVerdict }
  | { type: 'citelens:reviewChanged'; claimId: string; decision: ReviewDecision | null; note?: string; stored: 'server' | 'local' }
  | { type: 'citelens:resize'; height: number }
  | { type: 'citelens:error'; code: EmbedErrorCode; message: string }
  | { type: 'citelens:link'; url: string | null }
);

/**
 * A citation's verdict, the worst of all its checks, as its marker shows it: `ok` (found word for word, nothing
 * failed), `approx` (found apart from text-layer noise), `warn`, `bad` (an error: not found, a changed number, boxes
 * over other words, contradicted…), `muted` (nothing to check), `pending`. `text` says why, in English.
 */
export interface EmbedVerdict {
  tone: 'ok' | 'pending' | 'muted' | 'approx' | 'warn' | 'bad';
  text: string;
}

export type EmbedErrorCode =
  'unauthorized' | 'forbidden' | 'not-found' | 'unavailable' | 'invalid-answer' | 'unknown-citation' | 'unknown-claim' | 'embed-link';

type Omit2<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An outbound message without its `version` (the channel adds it). */
export type OutboundPayload = Omit2<OutboundMessage, 'version'>;

export type Classified =
  /** Not addressed to citelens at all (another script's message): ignored without a word. */
  | { kind: 'foreign' }
  | { kind: 'unknown'; type: string }
  | { kind: 'malformed'; type: InboundType; reason: string }
  | { kind: 'message'; message: InboundMessage };

/**
 * Sorts incoming `event.data`. `reason` names the fields that failed, never their values (a malformed setToken must
 * not put its token into the console).
 */
export function classifyMessage(data: unknown): Classified {
  if (typeof data !== 'object' || data === null) return { kind: 'foreign' };
  const type = (data as { type?: unknown }).type;
  if (typeof type !== 'string' || !type.startsWith(PREFIX)) return { kind: 'foreign' };
  if (!Object.hasOwn(inboundSchemas, type)) return { kind: 'unknown', type: type.slice(0, 80) };
  const t = type as InboundType;
  const parsed = inboundSchemas[t].safeParse(data);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(message)'))].slice(0, 5).join(', ');
    return { kind: 'malformed', type: t, reason: `bad or missing ${fields}` };
  }
  return { kind: 'message', message: parsed.data as InboundMessage };
}

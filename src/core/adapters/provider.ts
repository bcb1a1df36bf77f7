import type { Adapter, Format } from './types.ts';

// What every provider folder declares (its `provider.ts`): its label, the adapter, the detector `auto` asks, and where
// the adapter looks for the answer and its citations (named in the error when it finds neither). registry.ts lists
// them. Each folder writes `{ … } satisfies Provider`, which keeps its `format` literal for registry.ts's check.

/** Why a detector thinks a payload is its provider's, and how sure it is. */
export interface Evidence {
  /** How specific the evidence is; the highest score wins `auto` (see `Specificity`). */
  score: number;
  /** The fields that told, as JSON paths: `choices[0].message.context (object)`. */
  because: string;
}

/**
 * The scale detectors score on. A field only one provider sends beats a structure several share, which beats a
 * bare shape; within a tier a detector may add a little for extra corroborating fields.
 */
export const Specificity = {
  /** A field or value no other known provider sends (`candidates`, `object: "thread.message"`, `executed_tools`). */
  unique: 100,
  /** A structure only this provider uses, inside an envelope others share (`choices[0].message.context`). */
  distinctive: 80,
  /** A shared envelope plus a telling detail (a `grok-` model, an OpenRouter `gen-` id). */
  envelope: 60,
  /** A shape several formats could have, read the way this one writes it (`content[]` text blocks). */
  shape: 40,
  /** The last resort: a text field beside a citations list. */
  fallback: 20,
} as const;

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Looks at a payload (an object, or an array for event streams); nothing when it is not this provider's. */
export type Detector = (payload: unknown) => Evidence | undefined;

/** How the answer pane names a format ("Read as Cohere chat") and whose confidence a score is ("Cohere confidence"). */
export interface FormatLabel {
  /** Who produced the response, for "<provider> confidence". */
  provider: string;
  /** The response shape the adapter read, for "Read as <shape>". */
  shape: string;
}

export interface Provider {
  format: Format;
  label: FormatLabel;
  adapt: Adapter;
  detect: Detector;
  /** Where the adapter reads the answer text, as JSON paths (for "no answer text" errors). */
  textPaths: readonly string[];
  /** Where it reads citations, as JSON paths (for "cites nothing" errors). */
  citationPaths: readonly string[];
}

/** The best of several pieces of evidence (a detector that can tell a payload in more than one way). */
export function strongest(...found: Array<Evidence | undefined | false>): Evidence | undefined {
  let best: Evidence | undefined;
  for (const e of found) if (e && (!best || e.score > best.score)) best = e;
  return best;
}

/** `choices[0].message` of a chat completion, when it is an object. */
export function chatMessage(p: unknown): Obj | undefined {
  if (!isObj(p) || !Array.isArray(p.choices)) return undefined;
  const choice = p.choices[0];
  return isObj(choice) && isObj(choice.message) ? choice.message : undefined;
}

/**
 * A payload's `citations` list (its objects; undefined when there is no such list) and whether any of them has a
 * field: what the detectors of formats told apart by their citations' fields look at.
 */
export function citationFields(p: Obj): { cites: Obj[] | undefined; has: (key: string) => boolean } {
  const cites = objects(p.citations);
  return { cites, has: (key) => cites?.some((c) => key in c) ?? false };
}

/** The objects of an array field (`undefined` when the field is not an array). */
export function objects(v: unknown): Obj[] | undefined {
  return Array.isArray(v) ? v.filter(isObj) : undefined;
}

import { AdapterError } from '../core/adapters/errors.ts';
import { detect, explainTie } from '../core/adapters/detect.ts';
import { explainUndetected } from '../core/adapters/detect-explain.ts';
import { unwrapEnvelope } from '../core/adapters/envelope.ts';
import { formatLabel, runAdapter } from '../core/adapters/registry.ts';
import type { FormatLabel } from '../core/adapters/provider.ts';
import type { Format } from '../core/adapters/types.ts';
import { zodIssues } from '../core/adapters/errors.ts';
import type { Answer } from '../core/model/types.ts';
import { canonicalAnswerSchema, type WrappedAnswer, type WrappedFormat } from './answer-schema.ts';

// The glue between a wrapped answer (`{ id, question?, format, documents[], coords?, payload }`) and the
// citation-format adapters in src/core/adapters. See docs/citation-formats.md.

/** `auto` could not recognise the payload. `detail` says what was recognised and what was looked for. */
export class FormatDetectionError extends Error {
  override readonly name = 'FormatDetectionError';
  constructor(
    readonly answerId: string,
    readonly detail?: string,
  ) {
    super(`Could not detect the citation format of answer "${answerId}".${detail ? ` ${detail}` : ''}`);
  }
}

export interface AdaptedAnswer {
  /** The format the adapter read (the detected one for `auto`). */
  format: Format;
  /** How the answer pane names that format and its provider. */
  label: FormatLabel;
  answer: Answer;
  /** Citations the adapter dropped or mapped by guesswork, one readable line each. */
  warnings: string[];
}

/**
 * Normalizes a wrapped answer. Throws AdapterError when the payload does not have its format's shape and
 * FormatDetectionError when `auto` recognises nothing; never anything else.
 */
export function adaptWrappedAnswer(wrapper: WrappedAnswer): AdaptedAnswer {
  // A response kept inside an HTTP record (or as server-sent events) is read as the response it holds.
  const payload = unwrapEnvelope(wrapper.payload);
  let format: Format;
  if (wrapper.format === 'auto') {
    const detected = detect(payload);
    if (detected.kind === 'none') throw new FormatDetectionError(wrapper.id, explainUndetected(payload));
    if (detected.kind === 'tie') throw new FormatDetectionError(wrapper.id, explainTie(detected.candidates));
    format = detected.format;
  } else {
    format = wrapper.format;
  }
  const result = runAdapter(format, {
    id: wrapper.id,
    ...(wrapper.question !== undefined && { question: wrapper.question }),
    documents: wrapper.documents,
    ...(wrapper.coords !== undefined && { coords: wrapper.coords }),
    payload,
  });
  // The adapters are built to produce canonical answers; this is the safety net that keeps a bug from
  // reaching the viewer as a half-valid answer.
  const checked = canonicalAnswerSchema.safeParse(result.answer);
  if (!checked.success)
    throw new AdapterError(
      format,
      zodIssues(checked.error).map((i) => i.replace(/^payload/, 'normalized answer')),
    );
  return { format, label: formatLabel(format), answer: result.answer, warnings: result.warnings };
}

/** The canonical Answer of a wrapped answer (see adaptWrappedAnswer). */
export function adaptAnswer(wrapper: WrappedAnswer): Answer {
  return adaptWrappedAnswer(wrapper).answer;
}

// Every concrete wrapper format has an adapter format of the same name.
type Concrete = Exclude<WrappedFormat, 'auto'>;
const _same: (f: Concrete) => Format = (f) => f;
const _same2: (f: Format) => Concrete = (f) => f;
void _same;
void _same2;

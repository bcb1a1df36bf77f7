import { z } from 'zod';
import { coordsSchema } from '../core/adapters/coords-schema.ts';
import { adapterFormats } from '../core/adapters/types.ts';
import { sourceFlagCodes, type Answer } from '../core/model/types.ts';

// The wire contract for answer files (docs/answer-format.md). Every response is parsed here, at the edge.

const finite = z.number().finite();
const pageIndex = z.number().int().min(1);

export const boxSchema = z
  .object({ page: pageIndex, x0: finite, y0: finite, x1: finite, y1: finite })
  .refine((b) => b.x1 >= b.x0 && b.y1 >= b.y0, { message: 'box must have x1 >= x0 and y1 >= y0' });

export const documentRefSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  url: z.string().min(1),
  version: z.string().optional(),
  mediaType: z.string().optional(),
  generated: z.object({ fileId: z.string().min(1), containerId: z.string().optional(), filename: z.string().optional() }).optional(),
});

/** As stored: the server fills `url` where it is absent. */
export const storedDocumentRefSchema = documentRefSchema.extend({ url: z.string().min(1).optional() });

const flagSchema = z.object({
  code: z.enum(sourceFlagCodes),
  message: z.string(),
});

export const sourceSchema = z.object({
  id: z.string().min(1),
  documentId: z.string().min(1),
  chunkId: z.string().optional(),
  chunk: z.string().optional(),
  section: z.string().optional(),
  page: pageIndex.optional(),
  pageEnd: pageIndex.optional(),
  pages: z.array(pageIndex).optional(),
  pageLabel: z.string().optional(),
  boxes: z.array(boxSchema).optional(),
  quote: z.string().optional(),
  text: z.string().optional(),
  relevance: finite.optional(),
  documentVersion: z.string().optional(),
  support: z
    .object({
      score: finite.optional(),
      verdict: z.enum(['supported', 'partial', 'unsupported', 'contradicted', 'unknown']).optional(),
      checkedBy: z.string().max(200).optional(),
      reason: z.string().max(2000).optional(),
    })
    .optional(),
  coords: coordsSchema.optional(),
  flags: z.array(flagSchema).optional(),
  location: z
    .object({
      charStart: z.number().int().min(0).optional(),
      charEnd: z.number().int().min(0).optional(),
      charUnit: z.enum(['utf16', 'codepoint']).optional(),
      blockStart: z.number().int().min(0).optional(),
      blockEnd: z.number().int().min(0).optional(),
      resultIndex: z.number().int().min(0).optional(),
    })
    .optional(),
  url: z.string().optional(),
  date: z.string().optional(),
  confidence: z.number().min(0).max(1).optional(),
});

const citationSpanSchema = z.object({
  sourceId: z.string(),
  key: z.string(),
  answerStart: z.number().int().min(0),
  answerEnd: z.number().int().min(0),
  confidence: z.number().min(0).max(1).optional(),
});

export const citationMappingSchema = z.object({ n: z.number().int().min(0), sourceId: z.string().min(1) });

export const canonicalAnswerSchema = z
  .object({
    format: z.literal('citelens/1').optional(),
    id: z.string().min(1),
    question: z.string().optional(),
    text: z.string(),
    confidence: z.number().min(0).max(1).optional(),
    reviewReport: z.unknown().optional(),
    documents: z.array(documentRefSchema),
    sources: z.array(sourceSchema),
    citations: z.array(citationMappingSchema).optional(),
    coords: coordsSchema.optional(),
    spans: z.array(citationSpanSchema).optional(),
    reasoning: z.array(z.object({ text: z.string(), spans: z.array(citationSpanSchema).optional() })).optional(),
    thread: z.object({ id: z.string().min(1), turn: z.number().int().min(1) }).optional(),
    standaloneQuestion: z.string().optional(),
    invalidMarkers: z.array(z.string()).optional(),
  })
  .superRefine((a, ctx) => {
    const docs = new Set(a.documents.map((d) => d.id));
    a.sources.forEach((s, i) => {
      if (!docs.has(s.documentId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['sources', i, 'documentId'],
          message: `source ${s.id} names unknown document "${s.documentId}"`,
        });
      }
    });
    const ids = new Set(a.sources.map((s) => s.id));
    a.citations?.forEach((c, i) => {
      if (!ids.has(c.sourceId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['citations', i, 'sourceId'],
          message: `citation ${c.n} names unknown source "${c.sourceId}"`,
        });
      }
    });
  });

// Every adapter's format, plus `auto` (detect the shape).
export const wrappedFormats = [...adapterFormats, 'auto'] as const;
export type WrappedFormat = (typeof wrappedFormats)[number];

export const wrappedAnswerSchema = z.object({
  id: z.string().min(1),
  question: z.string().optional(),
  format: z.enum(wrappedFormats),
  documents: z.array(documentRefSchema),
  coords: coordsSchema.optional(),
  payload: z.unknown(),
});
export type WrappedAnswer = z.infer<typeof wrappedAnswerSchema>;

export const answerSummarySchema = z.object({
  id: z.string().min(1),
  question: z.string().optional(),
  title: z.string().optional(),
  /** The server could not read the file (not JSON, too large, …): listed anyway, with why (docs/api.md). */
  broken: z.object({ reason: z.string() }).optional(),
});
export const answerListSchema = z.array(answerSummarySchema);
export type AnswerSummary = z.infer<typeof answerSummarySchema>;

// Compile-time check: the parsed canonical answer is the core model.
type Parsed = z.infer<typeof canonicalAnswerSchema>;
const _check: (p: Parsed) => Answer = (p) => p;
void _check;

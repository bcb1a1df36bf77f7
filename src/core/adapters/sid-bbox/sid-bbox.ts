import { z } from 'zod';
import type { Box } from '../../model/types.ts';
import { assemble, looseObject, opt, pageNumber, resolveDocumentFields } from '../common.ts';
import { coordsSchema } from '../coords-schema.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { addFlag, SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// Page-level citations with stable S-IDs: the answer cites `[S2]`; each record names its document, pages
// (1-based) and boxes `[x0, y0, x1, y1]`. `bbox[i]` lies on `pages[i]` when the lists have the same length and on
// `pages[0]` when there is one page; any other combination is ambiguous, so the boxes are dropped and the source is
// flagged (the viewer then finds the retrieved text instead). Boxes are canonical (top-left, points, unrotated)
// unless a `coords` descriptor says otherwise (on the citation, the payload or the wrapper).

const finite = z.number().finite();

const citationSchema = looseObject({
  citation_id: z.string().min(1),
  document_id: opt(z.string()),
  document_title: opt(z.string()),
  section: opt(z.string()),
  pages: opt(z.array(pageNumber)),
  bbox: opt(z.array(z.tuple([finite, finite, finite, finite]))),
  retrieved_text: opt(z.string()),
  coords: opt(coordsSchema),
});

export const sidBboxSchema = looseObject({
  text: opt(z.string()),
  answer: opt(z.string()),
  citations: opt(z.array(citationSchema)),
  coords: opt(coordsSchema),
}).refine((p) => p.text !== undefined || p.answer !== undefined, { message: 'expected an answer text in "answer" or "text"' });

export const adaptSidBbox: Adapter = (input) => {
  const payload = parsePayload('sid-bbox', sidBboxSchema, input.payload);
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];

  for (const [i, c] of (payload.citations ?? []).entries()) {
    const id = normalizeSid(c.citation_id);
    const what = `citations[${i}] (${c.citation_id})`;
    if (table.has(id)) {
      const kept = table.sources.find((s) => s.id === id);
      if (kept) addFlag(kept, { code: 'duplicate-collapsed', message: `The citation id ${id} is listed more than once; the first record was kept.` });
      warnings.push(`${what} repeats the citation id ${id}; the first record was kept.`);
      continue;
    }
    const doc = resolveDocumentFields(matcher, { id: c.document_id, title: c.document_title }, warnings, what);
    if (doc === undefined) continue;

    const pages = c.pages ?? [];
    const bbox = c.bbox ?? [];
    let boxes: Box[] | undefined;
    let mismatch: string | undefined;
    if (bbox.length > 0) {
      if (pages.length === bbox.length) boxes = bbox.map((b, k) => toBox(pages[k]!, b));
      else if (pages.length === 1) boxes = bbox.map((b) => toBox(pages[0]!, b));
      else
        mismatch = `${bbox.length} box${bbox.length === 1 ? '' : 'es'} for ${pages.length} page${pages.length === 1 ? '' : 's'}: which box lies on which page is unknown, so the boxes were dropped.`;
    }
    const coords = boxes ? (c.coords ?? payload.coords ?? input.coords) : undefined;
    const { source } = table.add(
      {
        ...doc,
        section: c.section || undefined,
        page: pages[0],
        pageEnd: consecutiveEnd(pages),
        pages: pages.length > 0 ? pages : undefined,
        boxes,
        text: c.retrieved_text || undefined,
        coords,
      },
      id,
    );
    if (mismatch) addFlag(source, { code: 'bbox-pages-mismatch', message: mismatch });
  }

  return {
    answer: assemble(input, {
      text: payload.answer ?? payload.text ?? '',
      sources: table.sources,
      coords: input.coords ?? payload.coords,
    }),
    warnings,
  };
};

/** `s2` and `S02` are the S-ID `S2` (as the marker parser reads `[S02]`); other ids are kept as they are. */
function normalizeSid(id: string): string {
  const m = /^\s*[Ss](\d{1,6})\s*$/.exec(id);
  return m ? `S${Number(m[1])}` : id;
}

function toBox(page: number, [a, b, c, d]: [number, number, number, number]): Box {
  return { page, x0: Math.min(a, c), y0: Math.min(b, d), x1: Math.max(a, c), y1: Math.max(b, d) };
}

/** The last page when `pages` is a run of consecutive pages longer than one. */
function consecutiveEnd(pages: number[]): number | undefined {
  if (pages.length < 2) return undefined;
  for (let k = 1; k < pages.length; k++) if (pages[k] !== pages[k - 1]! + 1) return undefined;
  return pages[pages.length - 1];
}

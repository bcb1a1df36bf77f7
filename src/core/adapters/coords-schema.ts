import { z } from 'zod';

// The `coords` descriptor (docs/answer-format.md): read by the answer schema at the edge and by the adapters. A file
// of its own because the answer schema is on the home page's first paint, and common.ts would bring the adapters'
// helpers (and, through the marker parser, the Markdown pipeline) with it.

export const coordsSchema = z.object({
  origin: z.enum(['top-left', 'bottom-left']),
  units: z.enum(['pt', 'fraction', 'px']),
  frame: z.enum(['unrotated', 'displayed']),
  pageWidth: z.number().positive().optional(),
  pageHeight: z.number().positive().optional(),
});

import { isObj, objects, Specificity, type Provider } from '../provider.ts';
import { adaptSidBbox } from './sid-bbox.ts';

// S-ID backends: `citations[{ citation_id: "S2", bbox, pages }]`, `[S2]` markers in the text.

export const sidBboxProvider = {
  format: 'sid-bbox',
  label: { provider: 'S-ID backend', shape: 'S-ID citations with boxes' },
  adapt: adaptSidBbox,
  textPaths: ['text', 'answer'],
  citationPaths: ['citations[]'],
  detect: (p) =>
    isObj(p) && objects(p.citations)?.some((c) => 'citation_id' in c)
      ? { score: Specificity.distinctive, because: '`citations[]` with `citation_id`' }
      : undefined,
} satisfies Provider;

import { citationFields, isObj, Specificity, strongest, type Provider } from '../provider.ts';
import { adaptPersianRag } from './persian-rag.ts';

// persian_rag: `answer` with `[۲]` markers, `citations[{ marker, document_id, answer_start, … }]`, `uncited`.

export const persianRagProvider = {
  format: 'persian-rag',
  label: { provider: 'Persian RAG', shape: 'Persian RAG citations' },
  adapt: adaptPersianRag,
  textPaths: ['answer'],
  citationPaths: ['citations[]'],
  detect: (p) => {
    if (!isObj(p)) return undefined;
    const { has } = citationFields(p);
    return strongest(
      (has('marker') || has('answer_start') || has('chunk_start')) && {
        score: Specificity.envelope,
        because: '`citations[]` with `marker`, `answer_start` or `chunk_start`',
      },
      ('uncited' in p || 'invalid_markers' in p) && { score: Specificity.shape, because: '`uncited` or `invalid_markers`' },
    );
  },
} satisfies Provider;

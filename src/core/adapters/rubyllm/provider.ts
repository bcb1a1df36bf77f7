import { citationFields, isObj, Specificity, strongest, type Provider } from '../provider.ts';
import { adaptRubyllm } from './rubyllm.ts';

// RubyLLM's normalized message: `content` and `citations[{ cited_text, start_index, end_index, source_index }]`.

export const rubyllmProvider = {
  format: 'rubyllm',
  label: { provider: 'RubyLLM', shape: 'RubyLLM message citations' },
  adapt: adaptRubyllm,
  textPaths: ['content'],
  citationPaths: ['citations[]'],
  detect: (p) => {
    if (!isObj(p)) return undefined;
    const { cites, has } = citationFields(p);
    return strongest(
      typeof p.content === 'string' && cites && { score: Specificity.distinctive + 5, because: '`content` (text) beside a `citations` list' },
      (has('cited_text') || has('start_index') || has('source_index')) && {
        score: Specificity.shape + 15,
        because: '`citations[]` with `cited_text`, `start_index` or `source_index`',
      },
    );
  },
} satisfies Provider;

import { citationFields, isObj, Specificity, strongest, type Provider } from '../provider.ts';
import { adaptQueryAgent } from './query-agent.ts';

// Query Agent: `answer` (or `text`), `citations[{ index, chunkId, documentId, quote, relevance }]`, `reviewReport`.

export const queryAgentProvider = {
  format: 'query-agent',
  label: { provider: 'Query Agent', shape: 'Query Agent response' },
  adapt: adaptQueryAgent,
  textPaths: ['answer', 'text'],
  citationPaths: ['citations[]'],
  detect: (p) => {
    if (!isObj(p)) return undefined;
    const { cites, has } = citationFields(p);
    return strongest(
      (has('chunkId') || has('relevance') || (has('index') && has('quote'))) && {
        score: Specificity.envelope + 10,
        because: '`citations[]` with `chunkId`, `relevance` or `index` + `quote`',
      },
      'reviewReport' in p && { score: Specificity.fallback + 10, because: '`reviewReport`' },
      cites && typeof p.answer === 'string' && { score: Specificity.fallback - 5, because: '`answer` beside a `citations` list' },
    );
  },
} satisfies Provider;

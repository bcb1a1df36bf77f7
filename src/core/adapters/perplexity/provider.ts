import { isObj, Specificity, type Provider } from '../provider.ts';
import { adaptPerplexity } from './perplexity.ts';

// Perplexity chat completions (Sonar): `[n]` markers, `citations` (URLs) and `search_results`.

export const perplexityProvider: Provider = {
  format: 'perplexity',
  adapt: adaptPerplexity,
  textPaths: ['choices[0].message.content'],
  citationPaths: ['citations[]', 'search_results[]'],
  detect: (p) => {
    if (!isObj(p) || !Array.isArray(p.choices)) return undefined;
    if (typeof p.model === 'string' && /^grok/i.test(p.model)) return undefined;
    if (Array.isArray(p.search_results)) return { score: Specificity.envelope, because: '`search_results[]` beside `choices`' };
    if (Array.isArray(p.citations) && p.citations.every((c) => typeof c === 'string')) return { score: Specificity.envelope, because: '`citations` URL list beside `choices`' };
    return undefined;
  },
};

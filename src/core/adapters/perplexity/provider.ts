import { isObj, objects, Specificity, type Provider } from '../provider.ts';
import { adaptPerplexity } from './perplexity.ts';

// Perplexity chat completions (Sonar): `[n]` markers, `citations` (URLs) and `search_results`; the Agent API
// (`/v1/responses`): `output[]` with `message` and `search_results` items.

export const perplexityProvider = {
  format: 'perplexity',
  label: { provider: 'Perplexity', shape: 'Perplexity response' },
  adapt: adaptPerplexity,
  textPaths: ['choices[0].message.content', 'output[type=message].content[type=output_text].text'],
  citationPaths: ['citations[]', 'search_results[]', 'output[type=search_results].results[]'],
  detect: (p) => {
    if (!isObj(p)) return undefined;
    if (objects(p.output)?.some((o) => o.type === 'search_results')) return { score: Specificity.unique, because: '`output[]` with a `search_results` item' };
    if (!Array.isArray(p.choices)) return undefined;
    if (typeof p.model === 'string' && /^grok/i.test(p.model)) return undefined;
    if (Array.isArray(p.search_results)) return { score: Specificity.envelope, because: '`search_results[]` beside `choices`' };
    if (Array.isArray(p.citations) && p.citations.every((c) => typeof c === 'string'))
      return { score: Specificity.envelope, because: '`citations` URL list beside `choices`' };
    return undefined;
  },
} satisfies Provider;

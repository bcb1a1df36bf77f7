import { chatMessage, isObj, Specificity, type Provider } from '../provider.ts';
import { adaptOpenrouter } from './openrouter.ts';

// OpenRouter chat completions (an id `gen-…`, a `provider` field) with `url_citation` annotations.

export const openrouterProvider = {
  format: 'openrouter',
  label: { provider: 'OpenRouter', shape: 'OpenRouter chat completion' },
  adapt: adaptOpenrouter,
  textPaths: ['choices[0].message.content'],
  citationPaths: ['choices[0].message.annotations[]'],
  detect: (p) => {
    if (!isObj(p) || !chatMessage(p)) return undefined;
    if (typeof p.provider === 'string') return { score: Specificity.envelope + 10, because: '`provider` beside `choices`' };
    if (typeof p.id === 'string' && p.id.startsWith('gen-')) return { score: Specificity.envelope + 10, because: 'an OpenRouter id `gen-…`' };
    return undefined;
  },
} satisfies Provider;

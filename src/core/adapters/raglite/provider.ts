import { citationFields, isObj, Specificity, strongest, type Provider } from '../provider.ts';
import { adaptRaglite } from './raglite.ts';

// raglite `ask()`: `text` with `[n]` markers and `citations[{ n, source }]`.

export const ragliteProvider = {
  format: 'raglite',
  label: { provider: 'raglite', shape: 'raglite citations' },
  adapt: adaptRaglite,
  textPaths: ['text'],
  citationPaths: ['citations[]'],
  detect: (p) => {
    if (!isObj(p)) return undefined;
    const { cites } = citationFields(p);
    return strongest(
      cites?.some((c) => 'n' in c && 'source' in c) && { score: Specificity.shape + 10, because: '`citations[]` with `n` and `source`' },
      cites && typeof p.text === 'string' && { score: Specificity.fallback, because: '`text` beside a `citations` list' },
    );
  },
} satisfies Provider;

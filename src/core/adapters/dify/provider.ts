import { isObj, Specificity, type Provider } from '../provider.ts';
import { adaptDify } from './dify.ts';

// Dify chat messages: `answer` and `metadata.retriever_resources[]`.

export const difyProvider = {
  format: 'dify',
  label: { provider: 'Dify', shape: 'Dify chat message' },
  adapt: adaptDify,
  textPaths: ['answer'],
  citationPaths: ['metadata.retriever_resources[]'],
  detect: (p) =>
    isObj(p) && isObj(p.metadata) && Array.isArray(p.metadata.retriever_resources)
      ? { score: Specificity.unique, because: '`metadata.retriever_resources[]`' }
      : undefined,
} satisfies Provider;

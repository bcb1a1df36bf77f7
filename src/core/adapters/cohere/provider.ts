import { isObj, objects, Specificity, type Provider } from '../provider.ts';
import { adaptCohere } from './cohere.ts';

// Cohere v2 chat: `message.content[]` and `message.citations[]`.

export const cohereProvider: Provider = {
  format: 'cohere',
  adapt: adaptCohere,
  textPaths: ['message.content[type=text].text'],
  citationPaths: ['message.citations[]'],
  detect: (p) => {
    if (!isObj(p) || !isObj(p.message)) return undefined;
    if (Array.isArray(p.message.citations)) return { score: Specificity.distinctive, because: '`message.citations[]`' };
    if (objects(p.message.content)?.some((c) => c.type === 'text' || c.type === 'thinking')) return { score: Specificity.distinctive, because: '`message.content[]` text items' };
    return undefined;
  },
};

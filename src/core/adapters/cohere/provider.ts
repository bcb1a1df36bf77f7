import { isObj, objects, Specificity, type Provider } from '../provider.ts';
import { adaptCohere } from './cohere.ts';

// Cohere chat: v2 `message.content[]` and `message.citations[]`; v1 top-level `text`, `citations[].document_ids`
// and `documents[]`.

export const cohereProvider = {
  format: 'cohere',
  label: { provider: 'Cohere', shape: 'Cohere chat' },
  adapt: adaptCohere,
  textPaths: ['message.content[type=text].text', 'text'],
  citationPaths: ['message.citations[]', 'citations[].document_ids'],
  detect: (p) => {
    if (!isObj(p)) return undefined;
    if (typeof p.text === 'string' && objects(p.citations)?.some((c) => Array.isArray(c.document_ids))) {
      return { score: Specificity.distinctive, because: '`citations[]` with `document_ids` beside `text`' };
    }
    if (typeof p.text === 'string' && (typeof p.generation_id === 'string' || typeof p.response_id === 'string') && Array.isArray(p.documents)) {
      return { score: Specificity.envelope, because: '`documents[]` beside `text` and a Cohere `generation_id` / `response_id`' };
    }
    if (!isObj(p.message)) return undefined;
    if (Array.isArray(p.message.citations)) return { score: Specificity.distinctive, because: '`message.citations[]`' };
    if (objects(p.message.content)?.some((c) => c.type === 'text' || c.type === 'thinking'))
      return { score: Specificity.distinctive, because: '`message.content[]` text items' };
    return undefined;
  },
} satisfies Provider;

import { chatMessage, isObj, Specificity, strongest, type Provider } from '../provider.ts';
import { adaptRagflow } from './ragflow.ts';

// RAGFlow: `{ code, data: { answer, reference } }`, the `data` alone, or `choices[0].message.{ content, reference }`.

export const ragflowProvider = {
  format: 'ragflow',
  label: { provider: 'RAGFlow', shape: 'RAGFlow answer' },
  adapt: adaptRagflow,
  textPaths: ['data.answer', 'answer', 'choices[0].message.content'],
  citationPaths: ['data.reference.chunks', 'reference.chunks', 'choices[0].message.reference.chunks'],
  detect: (p) => {
    if (!isObj(p)) return undefined;
    const data = isObj(p.data) ? p.data : p;
    const message = chatMessage(p);
    return strongest(
      typeof data.answer === 'string' &&
        (isObj(data.reference) || Array.isArray(data.reference)) && { score: Specificity.unique, because: '`answer` beside `reference`' },
      message && isObj(message.reference) && { score: Specificity.distinctive + 10, because: '`choices[0].message.reference` (object)' },
    );
  },
} satisfies Provider;

import { chatMessage, isObj, objects, Specificity, strongest, type Provider } from '../provider.ts';
import { adaptOpenai } from './openai.ts';

// OpenAI: Responses (`output[]`), Chat Completions with `annotations`, Assistants thread messages.

export const openaiProvider = {
  format: 'openai',
  label: { provider: 'OpenAI', shape: 'OpenAI response' },
  adapt: adaptOpenai,
  textPaths: [
    'output[type=message].content[type=output_text].text',
    'choices[0].message.content',
    'content[type=text].text.value',
    'data[role=assistant].content[].text.value',
  ],
  citationPaths: ['output[].content[].annotations[]', 'choices[0].message.annotations[]', 'content[].text.annotations[]'],
  detect: (p) => {
    if (!isObj(p)) return undefined;
    return strongest(
      objects(p.data)?.some((m) => m.object === 'thread.message') && { score: Specificity.unique, because: '`data[]` of `thread.message` objects' },
      objects(p.content)?.some((c) => c.type === 'text' && isObj(c.text) && typeof c.text.value === 'string') && {
        score: Specificity.distinctive,
        because: '`content[].text.value`',
      },
      (Array.isArray(p.output) || p.object === 'response') && {
        score: Specificity.shape,
        because: Array.isArray(p.output) ? '`output[]`' : '`object: "response"`',
      },
      Array.isArray(chatMessage(p)?.annotations) && { score: Specificity.shape, because: '`choices[0].message.annotations[]`' },
    );
  },
} satisfies Provider;

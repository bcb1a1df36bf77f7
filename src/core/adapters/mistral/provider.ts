import { chatMessage, isObj, objects, Specificity, strongest, type Provider } from '../provider.ts';
import { adaptMistral } from './mistral.ts';

// Mistral: chat completions whose `content` holds `tool_reference` / `reference` chunks, or the Conversations API's
// `outputs[]` entries of type `message.output`.

export const mistralProvider = {
  format: 'mistral',
  label: { provider: 'Mistral', shape: 'Mistral conversation' },
  adapt: adaptMistral,
  textPaths: ['outputs[type=message.output].content', 'choices[0].message.content'],
  citationPaths: ['outputs[].content[type=tool_reference|reference]', 'choices[0].message.content[type=tool_reference|reference]'],
  detect: (p) => {
    if (!isObj(p)) return undefined;
    const message = chatMessage(p);
    return strongest(
      objects(p.outputs)?.some((o) => o.type === 'message.output') && { score: Specificity.unique, because: '`outputs[]` with a `message.output` entry' },
      objects(message?.content)?.some((c) => c.type === 'tool_reference' || c.type === 'reference') && {
        score: Specificity.distinctive + 10,
        because: '`choices[0].message.content[]` with a `tool_reference` or `reference` chunk',
      },
    );
  },
} satisfies Provider;

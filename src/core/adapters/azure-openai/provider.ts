import { chatMessage, isObj, Specificity, strongest, type Provider } from '../provider.ts';
import { adaptAzureOpenai } from './azure-openai.ts';

// Azure OpenAI On Your Data: `choices[0].message.{ content, context: { citations } }`, or (older API versions) a
// `tool` message holding the citations as JSON.

export const azureOpenaiProvider = {
  format: 'azure-openai',
  label: { provider: 'Azure OpenAI', shape: 'Azure OpenAI On Your Data' },
  adapt: adaptAzureOpenai,
  textPaths: ['choices[0].message.content', 'choices[0].messages[role=assistant].content'],
  citationPaths: ['choices[0].message.context.citations[]', 'choices[0].messages[role=tool].content'],
  detect: (p) => {
    const message = chatMessage(p);
    const choice = isObj(p) && Array.isArray(p.choices) && isObj(p.choices[0]) ? p.choices[0] : undefined;
    return strongest(
      message && isObj(message.context) && { score: Specificity.distinctive + 10, because: '`choices[0].message.context` (object)' },
      choice &&
        Array.isArray(choice.messages) &&
        choice.messages.some((m) => isObj(m) && m.role === 'tool') && {
          score: Specificity.distinctive + 10,
          because: '`choices[0].messages[]` with a `tool` message',
        },
    );
  },
} satisfies Provider;

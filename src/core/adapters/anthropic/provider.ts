import { isObj, objects, Specificity, strongest, type Provider } from '../provider.ts';
import { adaptAnthropic } from './anthropic.ts';

// Anthropic Messages: `content[]` blocks, text blocks carrying `citations[]`.

export const anthropicProvider: Provider = {
  format: 'anthropic',
  adapt: adaptAnthropic,
  textPaths: ['content[type=text].text'],
  citationPaths: ['content[].citations[]'],
  detect: (p) => {
    if (!isObj(p) || !Array.isArray(p.content)) return undefined;
    return strongest(
      objects(p.content)?.some((b) => b.type === 'text' && typeof b.text === 'string') && { score: Specificity.envelope, because: '`content[]` text blocks' },
      p.type === 'message' && p.role === 'assistant' && { score: Specificity.shape + 10, because: '`type: "message"`, `role: "assistant"`' },
    );
  },
};

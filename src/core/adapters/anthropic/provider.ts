import { isObj, objects, Specificity, strongest, type Provider } from '../provider.ts';
import { adaptAnthropic } from './anthropic.ts';
import { streamEvents } from './stream.ts';

// Anthropic Messages: `content[]` blocks, text blocks carrying `citations[]`; or the stream of server-sent events a
// client recorded (`message_start`, `content_block_delta`, …).

export const anthropicProvider = {
  format: 'anthropic',
  label: { provider: 'Anthropic', shape: 'Anthropic Messages' },
  adapt: adaptAnthropic,
  textPaths: ['content[type=text].text', 'content_block_delta events (text_delta)'],
  citationPaths: ['content[].citations[]'],
  detect: (p) => {
    if (streamEvents(p)) return { score: Specificity.unique, because: 'a stream of `message_start` / `content_block_delta` events' };
    if (!isObj(p) || !Array.isArray(p.content)) return undefined;
    return strongest(
      objects(p.content)?.some((b) => b.type === 'text' && typeof b.text === 'string') && { score: Specificity.envelope, because: '`content[]` text blocks' },
      p.type === 'message' && p.role === 'assistant' && { score: Specificity.shape + 10, because: '`type: "message"`, `role: "assistant"`' },
    );
  },
} satisfies Provider;

import { isObj, objects, Specificity, strongest, type Provider } from '../provider.ts';
import { adaptXai } from './xai.ts';

// xAI (Grok): the SDK's gRPC response (`outputs[].message`), the Responses API or chat completions of a `grok-` model.

const isGrok = (p: Record<string, unknown>) => typeof p.model === 'string' && /^grok/i.test(p.model);

export const xaiProvider = {
  format: 'xai',
  label: { provider: 'xAI', shape: 'xAI Grok response' },
  adapt: adaptXai,
  textPaths: ['outputs[].message.content (the last assistant message)', 'output[type=message].content[].text', 'choices[0].message.content'],
  citationPaths: ['outputs[].message.citations[]', 'output[].content[].annotations[]', 'links [[n]](url) in the text'],
  detect: (p) => {
    if (!isObj(p)) return undefined;
    return strongest(
      objects(p.outputs)?.some((o) => isObj(o.message)) && { score: Specificity.unique - 5, because: '`outputs[]` with `message` objects' },
      isGrok(p) &&
        (Array.isArray(p.output) || p.object === 'response' || Array.isArray(p.choices)) && {
          score: Specificity.distinctive + 10,
          because: `a \`${String(p.model)}\` model`,
        },
    );
  },
} satisfies Provider;

import { isObj, objects, Specificity, strongest, type Provider } from '../provider.ts';
import { adaptGemini } from './gemini.ts';

// Gemini generateContent: `candidates[0].content.parts[]` and `candidates[0].groundingMetadata`; the Interactions
// API: `steps[]` (`model_output` steps with annotated text parts) or `outputs[]`.

export const geminiProvider = {
  format: 'gemini',
  label: { provider: 'Gemini', shape: 'Gemini response' },
  adapt: adaptGemini,
  textPaths: ['candidates[0].content.parts[].text', 'steps[type=model_output].content[].text', 'outputs[type=text].text'],
  citationPaths: [
    'candidates[0].groundingMetadata.groundingSupports[]',
    'candidates[0].groundingMetadata.groundingChunks[]',
    'steps[].content[].annotations[]',
  ],
  detect: (p) => {
    if (!isObj(p)) return undefined;
    return strongest(
      Array.isArray(p.candidates) && { score: Specificity.unique, because: '`candidates[]`' },
      (p.object === 'interaction' || objects(p.steps)?.some((s) => s.type === 'model_output')) && {
        score: Specificity.unique,
        because: '`steps[]` of an interaction',
      },
    );
  },
} satisfies Provider;

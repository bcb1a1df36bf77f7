import { isObj, Specificity, type Provider } from '../provider.ts';
import { adaptGemini } from './gemini.ts';

// Gemini generateContent: `candidates[0].content.parts[]` and `candidates[0].groundingMetadata`.

export const geminiProvider: Provider = {
  format: 'gemini',
  adapt: adaptGemini,
  textPaths: ['candidates[0].content.parts[].text'],
  citationPaths: ['candidates[0].groundingMetadata.groundingSupports[]', 'candidates[0].groundingMetadata.groundingChunks[]'],
  detect: (p) => (isObj(p) && Array.isArray(p.candidates) ? { score: Specificity.unique, because: '`candidates[]`' } : undefined),
};

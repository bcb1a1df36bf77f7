import { isObj, Specificity, type Provider } from '../provider.ts';
import { adaptBedrock } from './bedrock.ts';

// Amazon Bedrock: Converse (`output.message.content[]`) or Knowledge Bases RetrieveAndGenerate (`output.text`, `citations`).

export const bedrockProvider = {
  format: 'bedrock',
  label: { provider: 'Bedrock', shape: 'Amazon Bedrock' },
  adapt: adaptBedrock,
  textPaths: ['output.message.content[].text', 'output.message.content[].citationsContent.content[].text', 'output.text'],
  citationPaths: ['output.message.content[].citationsContent.citations[]', 'citations[].retrievedReferences[]'],
  detect: (p) => {
    if (!isObj(p) || !isObj(p.output)) return undefined;
    if (isObj(p.output.message)) return { score: Specificity.unique, because: '`output.message` (object)' };
    if (typeof p.output.text === 'string' && Array.isArray(p.citations)) return { score: Specificity.unique, because: '`output.text` beside `citations`' };
    return undefined;
  },
} satisfies Provider;

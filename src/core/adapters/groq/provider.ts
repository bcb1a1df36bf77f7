import { chatMessage, Specificity, type Provider } from '../provider.ts';
import { adaptGroq } from './groq.ts';

// Groq compound systems: a chat completion whose message lists the server-side tools run (`executed_tools`).

export const groqProvider = {
  format: 'groq',
  label: { provider: 'Groq', shape: 'Groq compound' },
  adapt: adaptGroq,
  textPaths: ['choices[0].message.content'],
  citationPaths: ['choices[0].message.executed_tools[].search_results.results[]'],
  detect: (p) => (Array.isArray(chatMessage(p)?.executed_tools) ? { score: Specificity.unique, because: '`choices[0].message.executed_tools[]`' } : undefined),
} satisfies Provider;

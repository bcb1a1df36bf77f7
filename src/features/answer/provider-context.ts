import { createContext, useContext } from 'react';
import { confidencePercent, type ConfidenceRange } from './marker-info.ts';

// The provider an adapted answer came from ("Gemini"), for "Gemini confidence 87 %": a score means little without
// knowing who gave it. Reaches the marker previews through context, because the Markdown renderer draws them.

export const ProviderContext = createContext<string | null>(null);

export function useConfidenceLabel(): (c: ConfidenceRange) => string {
  const provider = useContext(ProviderContext);
  return (c) => `${provider ? `${provider} confidence` : 'Confidence'} ${confidencePercent(c)}`;
}

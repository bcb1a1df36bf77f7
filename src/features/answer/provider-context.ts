import { createContext, useContext } from 'react';
import { useTranslate } from '../../i18n/use-translate.ts';
import type { ConfidenceRange } from './marker-info.ts';

// The provider an adapted answer came from ("Gemini"), for "Gemini confidence 87 %": a score means little without
// knowing who gave it. Reaches the marker previews through context, because the Markdown renderer draws them.

export const ProviderContext = createContext<string | null>(null);

export function useConfidenceLabel(): (c: ConfidenceRange) => string {
  const provider = useContext(ProviderContext);
  const t = useTranslate();
  return (c) => {
    const low = Math.round(c.low * 100);
    const high = Math.round(c.high * 100);
    const value = low === high ? t('badge.percent', { value: low }) : t('answer.percentRange', { low, high });
    return provider ? t('answer.providerConfidence', { provider, value }) : t('answer.confidenceValue', { value });
  };
}

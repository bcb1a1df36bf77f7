import { createContext, useContext } from 'react';
import { createTranslator, type Translate } from '../../../core/i18n/translate.ts';

/** English unless the layer hands the UI language's translator. */
const EN = createTranslator('en');

// What a screen reader hears about a highlight: which citation it belongs to and which region of it this is. Handed to
// the highlight layers by context, so the memoized page blocks between them need no new props.

export interface HighlightLabel {
  /** The marker that asked for the highlight ("2"); empty when unknown. */
  markerKey: string;
  /** How many regions the passage has. */
  regions: number;
}

export const HighlightLabelContext = createContext<HighlightLabel>({ markerKey: '', regions: 0 });

export function useHighlightLabel(): HighlightLabel {
  return useContext(HighlightLabelContext);
}

/** "Citation 2, cited passage, region 1 of 3 (shown)". */
export function highlightDescription(label: HighlightLabel, region: number, active: boolean, t: Translate = EN): string {
  const who = label.markerKey ? t('highlight.citation', { key: label.markerKey }) : t('highlight.passage');
  const which = label.regions > 1 ? t('highlight.region', { region: region + 1, count: label.regions }) : '';
  return `${who}${which}${active && label.regions > 1 ? t('highlight.shown') : ''}`;
}

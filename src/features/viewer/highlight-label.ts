import { createContext, useContext } from 'react';

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
export function highlightDescription(label: HighlightLabel, region: number, active: boolean): string {
  const who = label.markerKey ? `Citation ${label.markerKey}, cited passage` : 'Cited passage';
  const which = label.regions > 1 ? `, region ${region + 1} of ${label.regions}` : '';
  return `${who}${which}${active && label.regions > 1 ? ' (shown)' : ''}`;
}

import { useCallback, useState } from 'react';
import type { HighlightTarget } from '../../../core/model/highlight-target.ts';

/**
 * Whether the reader asked for the source's own boxes where they do not hold its quote (the words found instead are
 * drawn by default): for the open citation only, so a new citation (a new nonce) shows the words found again.
 */
export function useGivenBoxes(target: HighlightTarget | null): { showGivenBoxes: boolean; toggleBoxes: () => void } {
  const [givenBoxesFor, setGivenBoxesFor] = useState<number | null>(null);
  const showGivenBoxes = !!target && givenBoxesFor === target.nonce;
  const toggleBoxes = useCallback(() => setGivenBoxesFor(showGivenBoxes ? null : (target?.nonce ?? null)), [showGivenBoxes, target]);
  return { showGivenBoxes, toggleBoxes };
}

// The Left and Right arrow keys as the reading direction means them (WAI-ARIA APG: in a right-to-left widget the
// two swap). A tree opens a branch with the arrow that points along the line, and tabs move to the next tab that
// way: ArrowRight in a left-to-right UI, ArrowLeft in a right-to-left one. Up, Down, Home and End do not change.

export type InlineArrow = 'forward' | 'backward';

/**
 * `forward` for the arrow pointing along the reading direction, `backward` for the other, null for any other key.
 * `direction` is the element's computed CSS `direction` ('ltr' | 'rtl'); anything else reads as left to right.
 */
export function inlineArrow(key: string, direction: string): InlineArrow | null {
  if (key !== 'ArrowRight' && key !== 'ArrowLeft') return null;
  const rightIsForward = direction !== 'rtl';
  return (key === 'ArrowRight') === rightIsForward ? 'forward' : 'backward';
}

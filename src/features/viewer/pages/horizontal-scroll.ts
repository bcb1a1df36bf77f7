// The pages' horizontal scroll, as an offset from the left edge of the pages container, in either direction. In a
// right-to-left page (the Persian UI) `scrollLeft` counts from the right edge instead: 0 there, negative leftwards.
// The layout's sums (a page's left, a line's left) are from the left edge, so centring a page wider than the view
// with them clipped its left side in Persian. Read before writing, as the callers do: `shift` holds the sizes then.

export interface HorizontalScroll {
  /** Pixels scrolled from the left edge of the content. */
  readonly x: number;
  /** Scrolls so that `x` pixels of the content are left of the view. */
  set(x: number): void;
}

export function horizontalScroll(el: HTMLElement): HorizontalScroll {
  const shift = getComputedStyle(el).direction === 'rtl' ? el.scrollWidth - el.clientWidth : 0;
  return {
    x: el.scrollLeft + shift,
    set: (x) => {
      el.scrollLeft = x - shift;
    },
  };
}

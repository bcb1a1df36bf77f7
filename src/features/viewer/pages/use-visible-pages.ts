import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { aheadDirection, visibleRange, type PageLayout, type VisibleRange } from '../render/render-queue.ts';
import { horizontalScroll } from './horizontal-scroll.ts';

// The hook half of the render queue: follows the scroll container and reports which pages are visible (the
// mount set and the current page derive from it), and keeps the view anchored when the layout changes.
//
// Anchoring: zooming, rotating, a pane resize in a fit mode, or a page above the viewport getting its real size all
// move every page below. We remember which point of which page sits at the viewport centre and put that same
// point back at the centre after the layout changes, so what the user (or a highlight) was looking at stays put.
//
// A hidden viewer (its phone tab not chosen, its pane collapsed) has no box: it reads as scrolled to the top of page 1
// and Chromium does not keep its scroll offset. Nothing is read from it then (the range and the anchor stay what they
// were) and, once it shows again, the anchor is put back: a reader on page 990 who narrows the window and taps
// *Document* is still on page 990 (under load, the view came back on page 1).

interface Anchor {
  page: number;
  /** Position of the viewport centre within the page, 0..1 of its height. */
  fy: number;
  /** Horizontal viewport centre as a fraction of the scroll width. */
  fx: number;
  /** Scrolled to the very top: stay there (opening a document must not drift when page 1's size arrives). */
  atTop: boolean;
}

export function useVisiblePages(scrollRef: RefObject<HTMLDivElement | null>, layout: PageLayout) {
  const [range, setRange] = useState<VisibleRange>({ first: 1, last: Math.min(1, layout.count), mostVisible: 1 });
  const anchorRef = useRef<Anchor | null>(null);
  // The layout the DOM shows: updated in the layout effect below (never during render), before anything reads it.
  const layoutRef = useRef(layout);
  const lastTopRef = useRef(0);
  /** The viewer had no box when last looked at: its anchor is still to be put back. */
  const hiddenRef = useRef(false);

  /** Recompute the range and the anchor from the container's current scroll position. */
  const sync = useCallback(() => {
    const el = scrollRef.current;
    const l = layoutRef.current;
    if (!el || l.count === 0 || !hasBox(el)) return;
    const scrollTop = el.scrollTop;
    // The direction of the last real move (a still position keeps the previous one; at either end of the document,
    // the only way there is): the next page that way renders before the page behind.
    const moved = scrollTop - lastTopRef.current;
    lastTopRef.current = scrollTop;
    const found = visibleRange(l, scrollTop, el.clientHeight);
    setRange((prev) => {
      const direction = aheadDirection(found, l.count, moved, prev.direction);
      const next = { ...found, direction };
      return prev.first === next.first && prev.last === next.last && prev.mostVisible === next.mostVisible && prev.direction === direction ? prev : next;
    });
    const centreY = el.scrollTop + el.clientHeight / 2;
    const centreRange = visibleRange(l, centreY, 1);
    const idx = centreRange.first - 1;
    const top = l.tops[idx] ?? 0;
    const height = l.heights[idx] || 1;
    anchorRef.current = {
      page: centreRange.first,
      fy: (centreY - top) / height,
      fx: el.scrollWidth > 0 ? (horizontalScroll(el).x + el.clientWidth / 2) / el.scrollWidth : 0.5,
      atTop: el.scrollTop <= 0,
    };
  }, [scrollRef]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let frame = 0;
    // One update per animation frame, however many scroll events the browser fires.
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        sync();
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [scrollRef, sync]);

  /** Puts the anchor back at the viewport centre, in the layout the DOM shows now. */
  const restore = useCallback((el: HTMLDivElement) => {
    const anchor = anchorRef.current;
    const l = layoutRef.current;
    if (!anchor || anchor.page > l.count) return;
    const idx = anchor.page - 1;
    const y = (l.tops[idx] ?? 0) + anchor.fy * (l.heights[idx] ?? 0);
    el.scrollTop = anchor.atTop ? 0 : y - el.clientHeight / 2;
    horizontalScroll(el).set(anchor.fx * el.scrollWidth - el.clientWidth / 2);
  }, []);

  // Before paint, after the placeholders got their new positions: restore the anchor, then refresh the range.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    // A scroll whose frame has not come yet (its sync is pending): anchor where the view is now, in the layout it was
    // made in (layoutRef still holds it), or the new layout would put the view back where it was before that scroll.
    if (el && el.scrollTop !== lastTopRef.current) sync();
    layoutRef.current = layout;
    // Hidden: the anchor waits for the viewer to show again, in whatever layout it has by then.
    if (!el || !hasBox(el)) {
      hiddenRef.current = true;
      return;
    }
    hiddenRef.current = false;
    restore(el);
    sync();
  }, [layout, scrollRef, sync, restore]);

  // Shown again with the same layout (no layout effect ran): back to the anchor before that frame paints, unless
  // something scrolled the view since it showed (a citation's scroll goal runs in the commit that shows it).
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (!hasBox(el)) {
        hiddenRef.current = true;
        return;
      }
      if (!hiddenRef.current) return;
      hiddenRef.current = false;
      if (el.scrollTop === 0) restore(el);
      sync();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef, sync, restore]);

  return { range, sync };
}

/** Whether the scroll container is laid out at all (a hidden tab or a collapsed pane is not). */
function hasBox(el: HTMLElement): boolean {
  return el.clientHeight > 0 || el.clientWidth > 0;
}

import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { visibleRange, type PageLayout } from '../render/render-queue.ts';
import { MAX_SCALE, MIN_SCALE, selectScale, useViewerStoreApi } from '../viewer-store.ts';
import { distanceBetween, doubleTapZoom, isDoubleTap, midpoint, pinchScale, type Tap, type TouchPoint } from './zoom-gestures.ts';
import { horizontalScroll } from '../pages/horizontal-scroll.ts';

// Ctrl/Cmd+wheel, pinch and double tap zoom the document around the pointer: the point of the page under the
// pointer stays under it. Chromium sends a trackpad pinch as a wheel event with ctrlKey set, so one wheel handler
// covers mice and trackpads. On a touch screen two fingers pinch and a double tap zooms in (or back to fit width),
// read from touch events as pdf.js's viewer does: a two-finger touchmove is ours (preventDefault), so the browser
// neither scrolls nor zooms the whole app meanwhile, while one finger still scrolls natively. During a pinch the
// pages are only scaled by a CSS transform around the fingers; the zoom is committed to the store when a finger
// lifts. Committing at every move would re-render the text layer under the fingers, and touch events keep going to
// the element a touch started on: once that span is replaced they no longer reach this listener. After the commit
// the stretched old bitmaps stay until the render queue paints the sharp ones.
//
// How the point stays put: before the zoom we note which page is under the pointer and where in it (fractions
// of its width and height); after the new layout is committed, a layout effect scrolls so that the same
// fractions of the same page are under the pointer again. It must run AFTER useVisiblePages' own layout effect
// (which re-centres the view on every layout change), so call this hook after that one in the same component.

interface ZoomAnchor {
  page: number;
  fx: number;
  fy: number;
  /** Pointer position inside the scroll container's viewport. */
  px: number;
  py: number;
}

/** Wheel delta → zoom factor: a mouse notch (100 px) ≈ ×0.82/×1.22, a trackpad pinch step (a few px) a few %. */
const WHEEL_RATE = 0.002;

export function usePointerZoom(
  scrollRef: RefObject<HTMLDivElement | null>,
  pagesRef: RefObject<HTMLDivElement | null>,
  layout: PageLayout,
  sync: () => void,
): void {
  const store = useViewerStoreApi();
  // Read by the wheel and pinch listeners (added once); updated after each render, before the next event.
  const layoutRef = useRef(layout);
  useLayoutEffect(() => {
    layoutRef.current = layout;
  }, [layout]);
  const anchorRef = useRef<ZoomAnchor | null>(null);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;

    const anchorAt = (clientX: number, clientY: number): ZoomAnchor | null => {
      const l = layoutRef.current;
      if (l.count === 0) return null;
      const rect = el.getBoundingClientRect();
      const px = clientX - rect.left;
      const py = clientY - rect.top;
      const y = el.scrollTop + py;
      const page = visibleRange(l, y, 1).first;
      const i = page - 1;
      const pageLeft = (pagesRef.current?.clientWidth ?? el.clientWidth) / 2 - (l.widths[i] ?? 0) / 2;
      return {
        page,
        fy: (y - (l.tops[i] ?? 0)) / (l.heights[i] || 1),
        fx: (horizontalScroll(el).x + px - pageLeft) / (l.widths[i] || 1),
        px,
        py,
      };
    };

    const zoomTo = (scale: number, clientX: number, clientY: number) => {
      const s = store.getState();
      const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
      // At a limit nothing changes: no anchor may wait for some later, unrelated layout change.
      if (s.pageCount === 0 || Math.abs(next - selectScale(s)) < 1e-4) return;
      anchorRef.current = anchorAt(clientX, clientY);
      s.setScaleMode(next);
    };

    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      // Otherwise the browser zooms the whole app (and its panes) instead of the document.
      e.preventDefault();
      const px = e.deltaMode === WheelEvent.DOM_DELTA_LINE ? e.deltaY * 16 : e.deltaMode === WheelEvent.DOM_DELTA_PAGE ? e.deltaY * 400 : e.deltaY;
      zoomTo(selectScale(store.getState()) * Math.exp(-px * WHEEL_RATE), e.clientX, e.clientY);
    };

    // Touch: two fingers pinch (from the distance and scale when the second finger landed); a single finger that
    // lifts without moving is a tap, and two taps close together zoom.
    let pinch: { distance: number; scale: number; centre: TouchPoint; next: number } | null = null;
    const preview = (ratio: number | null, origin?: TouchPoint) => {
      const pages = pagesRef.current;
      if (!pages) return;
      if (ratio === null) {
        pages.style.transform = '';
        pages.style.transformOrigin = '';
        return;
      }
      const r = pages.getBoundingClientRect();
      if (origin) pages.style.transformOrigin = `${origin.x - r.left}px ${origin.y - r.top}px`;
      pages.style.transform = `scale(${ratio})`;
    };
    const endPinch = () => {
      if (!pinch) return;
      const { next, centre } = pinch;
      pinch = null;
      preview(null);
      zoomTo(next, centre.x, centre.y);
    };
    let lastTap: Tap | null = null;
    let tapStart: (Tap & { moved: boolean }) | null = null;
    const point = (t: Touch): TouchPoint => ({ x: t.clientX, y: t.clientY });
    const onTouchStart = (e: TouchEvent) => {
      const [a, b] = [e.touches[0], e.touches[1]];
      if (e.touches.length === 2 && a && b) {
        const scale = selectScale(store.getState());
        const centre = midpoint(point(a), point(b));
        pinch = { distance: distanceBetween(point(a), point(b)), scale, centre, next: scale };
        preview(1, centre);
        tapStart = null;
        lastTap = null;
        e.preventDefault();
      } else if (e.touches.length === 1 && a) {
        tapStart = { ...point(a), time: e.timeStamp, moved: false };
      } else {
        tapStart = null;
      }
    };
    const onTouchMove = (e: TouchEvent) => {
      const [a, b] = [e.touches[0], e.touches[1]];
      if (pinch && e.touches.length === 2 && a && b) {
        e.preventDefault();
        pinch.next = pinchScale(pinch.scale, pinch.distance, distanceBetween(point(a), point(b)));
        preview(pinch.next / pinch.scale);
      } else if (tapStart && a && distanceBetween(tapStart, point(a)) > 10) {
        tapStart.moved = true;
      }
    };
    const onTouchEnd = (e: TouchEvent) => {
      if (e.touches.length < 2) endPinch();
      const start = tapStart;
      tapStart = null;
      if (!start || start.moved || e.touches.length > 0 || e.timeStamp - start.time > 500) return;
      const tap: Tap = { x: start.x, y: start.y, time: e.timeStamp };
      if (!isDoubleTap(lastTap, tap)) {
        lastTap = tap;
        return;
      }
      lastTap = null;
      e.preventDefault(); // no synthetic click or dblclick from the second tap
      const s = store.getState();
      const next = doubleTapZoom(selectScale(s), selectScale({ ...s, scaleMode: 'fit-width' }));
      if (next !== 'fit-width') {
        zoomTo(next, tap.x, tap.y);
      } else if (s.pageCount > 0) {
        anchorRef.current = anchorAt(tap.x, tap.y);
        s.setScaleMode('fit-width');
      }
    };
    const onTouchCancel = () => {
      endPinch();
      tapStart = null;
    };

    // One-finger panning stays the browser's; two fingers are ours (no page zoom of the whole app).
    el.style.touchAction = 'pan-x pan-y';
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('touchstart', onTouchStart, { passive: false });
    el.addEventListener('touchmove', onTouchMove, { passive: false });
    el.addEventListener('touchend', onTouchEnd, { passive: false });
    el.addEventListener('touchcancel', onTouchCancel);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
      el.removeEventListener('touchend', onTouchEnd);
      el.removeEventListener('touchcancel', onTouchCancel);
    };
  }, [scrollRef, pagesRef, store]);

  // After the new layout is in the DOM (and after useVisiblePages re-centred it): the anchor back under the pointer.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const a = anchorRef.current;
    if (!el || !a) return;
    anchorRef.current = null;
    const i = a.page - 1;
    const pageLeft = (pagesRef.current?.clientWidth ?? el.clientWidth) / 2 - (layout.widths[i] ?? 0) / 2;
    el.scrollTop = (layout.tops[i] ?? 0) + a.fy * (layout.heights[i] ?? 0) - a.py;
    horizontalScroll(el).set(pageLeft + a.fx * (layout.widths[i] ?? 0) - a.px);
    sync();
  }, [layout, scrollRef, pagesRef, sync]);
}

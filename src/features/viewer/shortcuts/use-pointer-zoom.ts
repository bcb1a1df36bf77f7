import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { visibleRange, type PageLayout } from '../render-queue.ts';
import { MAX_SCALE, MIN_SCALE, selectScale, useViewerStoreApi } from '../viewer-store.ts';

// Ctrl/Cmd+wheel and pinch zoom the document around the pointer: the point of the page under the pointer stays
// under it. Chromium sends a trackpad pinch as a wheel event with ctrlKey set, so one wheel handler covers mice
// and trackpads; a two-finger pinch on a touch screen comes as pointer events.
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
        fx: (el.scrollLeft + px - pageLeft) / (l.widths[i] || 1),
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

    // Touch pinch: two touch pointers; the zoom follows the ratio of their distance to the distance at the start.
    const touches = new Map<number, { x: number; y: number }>();
    let pinch: { distance: number; scale: number } | null = null;
    const distance = () => {
      const [a, b] = [...touches.values()];
      return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
    };
    const onPointerDown = (e: PointerEvent) => {
      if (e.pointerType !== 'touch') return;
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size === 2) pinch = { distance: distance(), scale: selectScale(store.getState()) };
    };
    const onPointerMove = (e: PointerEvent) => {
      if (!touches.has(e.pointerId)) return;
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (!pinch || touches.size !== 2 || pinch.distance <= 0) return;
      const [a, b] = [...touches.values()];
      if (a && b) zoomTo(pinch.scale * (distance() / pinch.distance), (a.x + b.x) / 2, (a.y + b.y) / 2);
    };
    const onPointerUp = (e: PointerEvent) => {
      touches.delete(e.pointerId);
      if (touches.size < 2) pinch = null;
    };

    // One-finger panning stays the browser's; two fingers are ours (no page zoom of the whole app).
    el.style.touchAction = 'pan-x pan-y';
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('pointerdown', onPointerDown);
    el.addEventListener('pointermove', onPointerMove);
    el.addEventListener('pointerup', onPointerUp);
    el.addEventListener('pointercancel', onPointerUp);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('pointerdown', onPointerDown);
      el.removeEventListener('pointermove', onPointerMove);
      el.removeEventListener('pointerup', onPointerUp);
      el.removeEventListener('pointercancel', onPointerUp);
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
    el.scrollLeft = pageLeft + a.fx * (layout.widths[i] ?? 0) - a.px;
    sync();
  }, [layout, scrollRef, pagesRef, sync]);
}

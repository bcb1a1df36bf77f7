import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import type { PDFPageProxy } from 'pdfjs-dist';
import type { Rotation } from '../../../core/coords/transform.ts';
import { isCancelled, releaseCanvas, startPageRender, type EarlyRenders } from './page-render.ts';
import type { RenderScheduler, RenderTicket } from './render-scheduler.ts';
import { useViewerStore } from '../viewer-store.ts';

// We paint the canvas ourselves with page.render() instead of react-pdf's <Page>:
//  - <Page> renders its own element carrying `data-page-number`, which would duplicate our placeholder's
//    attribute (the markup contract says `[data-page-number="N"]` is the page element, exactly one per page);
//  - <Page> keys its canvas by scale, so every zoom step blanks the page until the new render lands; here the
//    previous bitmap stays on screen (stretched by CSS) until the new one is complete;
//  - renders go through our scheduler, so only the visible pages paint first and only one page at a time.

interface PageCanvasProps {
  page: PDFPageProxy;
  scale: number;
  /** Absolute rotation: the page's /Rotate plus the user's extra rotation. */
  rotation: Rotation;
  priority: number;
  scheduler: RenderScheduler;
  /** Drawings a citation jump started before this page mounted: the matching one is taken over, not started again. */
  earlyRenders?: EarlyRenders | undefined;
  /** A request for the page's text now slows its drawing least (PageRender.onTextTurn). */
  onTextTurn?(): void;
  /** The new bitmap is on screen. */
  onPainted(): void;
  onError(error: unknown): void;
}

export function PageCanvas({ page, scale, rotation, priority, scheduler, earlyRenders, onTextTurn, onPainted, onError }: PageCanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const ticketRef = useRef<RenderTicket | null>(null);
  const currentPriority = useEffectEvent(() => priority);
  const textTurn = useEffectEvent(() => onTextTurn?.());
  const painted = useEffectEvent(() => onPainted());
  const failed = useEffectEvent((error: unknown) => onError(error));
  // Night pages are drawn by pdf.js itself in the palette's colours (never a CSS filter over the canvas, which
  // would also recolour the highlights); a change re-renders, keeping the old bitmap until the new one is ready.
  const pageTheme = useViewerStore((s) => s.pageTheme);

  useEffect(() => {
    ticketRef.current?.setPriority(priority);
  }, [priority]);

  // A layout effect: the drawing is queued in the commit that mounts the page, not in the passive effects React runs
  // a frame or a task later (~10 ms of a document's first paint). Queuing is cheap: the canvas is sized and the worker
  // asked only when the page's turn comes (a microtask later at the soonest).
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const spec = { scale, rotation, theme: pageTheme };
    const render = earlyRenders?.take(page, spec) ?? startPageRender(page, spec, scheduler, currentPriority());
    render.ticket.setPriority(currentPriority());
    ticketRef.current = render.ticket;
    render.onTextTurn(textTurn);
    let live = true;
    render.done.then(
      () => {
        if (!live) return;
        // Swap only once painted: the old bitmap stays visible meanwhile, no white flash on zoom.
        for (const old of Array.from(host.querySelectorAll('canvas'))) {
          if (old !== render.canvas) releaseCanvas(old);
        }
        host.append(render.canvas);
        painted();
      },
      (error: unknown) => {
        if (live && !isCancelled(error)) failed(error);
      },
    );
    return () => {
      live = false;
      render.ticket.cancel();
      ticketRef.current = null;
      if (!render.canvas.isConnected) releaseCanvas(render.canvas);
    };
  }, [page, scale, rotation, scheduler, pageTheme, earlyRenders]);

  // On unmount, release the painted bitmap right away (browsers keep canvas memory until GC otherwise).
  useEffect(() => {
    const host = hostRef.current;
    return () => {
      for (const c of Array.from(host?.querySelectorAll('canvas') ?? [])) releaseCanvas(c);
    };
  }, []);

  return <div ref={hostRef} className="absolute inset-0" />;
}

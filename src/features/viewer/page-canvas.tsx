import { useEffect, useEffectEvent, useRef } from 'react';
import type { PDFPageProxy, RenderTask } from 'pdfjs-dist';
import type { Rotation } from '../../core/coords/transform.ts';
import { pdfPageColors } from './page-palette.ts';
import type { RenderScheduler, RenderTicket } from './render-queue.ts';
import { useViewerStore } from './viewer-store.ts';

// We paint the canvas ourselves with page.render() instead of react-pdf's <Page>:
//  - <Page> renders its own element carrying `data-page-number`, which would duplicate our placeholder's
//    attribute (the markup contract says `[data-page-number="N"]` is the page element, exactly one per page);
//  - <Page> keys its canvas by scale, so every zoom step blanks the page until the new render lands; here the
//    previous bitmap stays on screen (stretched by CSS) until the new one is complete;
//  - renders go through our scheduler, so only the visible pages paint first and only two at a time.

/**
 * Cap on canvas pixels (as pdf.js's maxCanvasPixels): at 400 % on a HiDPI screen a Letter page would need 31 M
 * pixels, 125 MB. Above the cap the bitmap is drawn at a lower resolution and stretched by CSS. Small devices (little
 * memory, a phone-sized screen) get a quarter of it.
 */
export function maxCanvasPixels(env: { deviceMemory?: number | undefined; screenPixels: number }): number {
  const small = (env.deviceMemory !== undefined && env.deviceMemory <= 4) || env.screenPixels <= 1_000_000;
  return small ? 4_194_304 : 16_777_216;
}

/** The bitmap's scale over CSS pixels: the device pixel ratio, lowered so the canvas stays under the cap. */
export function canvasOutputScale(cssWidth: number, cssHeight: number, dpr: number, maxPixels: number): number {
  return Math.min(dpr, Math.sqrt(maxPixels / Math.max(1, cssWidth * cssHeight)));
}

function currentMaxPixels(): number {
  const nav = navigator as Navigator & { deviceMemory?: number };
  return maxCanvasPixels({ deviceMemory: nav.deviceMemory, screenPixels: screen.width * screen.height });
}

interface PageCanvasProps {
  page: PDFPageProxy;
  scale: number;
  /** Absolute rotation: the page's /Rotate plus the user's extra rotation. */
  rotation: Rotation;
  priority: number;
  scheduler: RenderScheduler;
  /** The new bitmap is on screen. */
  onPainted(): void;
  onError(error: unknown): void;
}

export function PageCanvas({ page, scale, rotation, priority, scheduler, onPainted, onError }: PageCanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const ticketRef = useRef<RenderTicket | null>(null);
  const currentPriority = useEffectEvent(() => priority);
  const painted = useEffectEvent(() => onPainted());
  const failed = useEffectEvent((error: unknown) => onError(error));
  // Night pages are drawn by pdf.js itself in the palette's colours (never a CSS filter over the canvas, which
  // would also recolour the highlights); a change re-renders, keeping the old bitmap until the new one is ready.
  const pageTheme = useViewerStore((s) => s.pageTheme);

  useEffect(() => {
    ticketRef.current?.setPriority(priority);
  }, [priority]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const viewport = page.getViewport({ scale, rotation });
    const canvas = document.createElement('canvas');
    // The CSS size is the page element's size, so the bitmap always lines up with the text and highlight layers,
    // and an old bitmap (a zoom) is stretched to the new size until the sharp one replaces it.
    canvas.className = 'absolute inset-0 h-full w-full select-none';
    canvas.setAttribute('aria-hidden', 'true');

    let task: RenderTask | null = null;
    const ticket = scheduler.schedule(
      {
        start: () => {
          // Sized only when its turn comes: a queued page holds no bitmap.
          const outputScale = canvasOutputScale(viewport.width, viewport.height, window.devicePixelRatio || 1, currentMaxPixels());
          canvas.width = Math.max(1, Math.floor(viewport.width * outputScale));
          canvas.height = Math.max(1, Math.floor(viewport.height * outputScale));
          task = page.render({
            canvas,
            viewport,
            transform: outputScale !== 1 ? [outputScale, 0, 0, outputScale, 0, 0] : undefined,
            pageColors: pdfPageColors(pageTheme),
          });
          const done = task.promise.then(() => {
            // Swap only once painted: the old bitmap stays visible meanwhile, no white flash on zoom.
            for (const old of Array.from(host.querySelectorAll('canvas'))) {
              if (old !== canvas) releaseCanvas(old);
            }
            host.append(canvas);
            painted();
          });
          done.catch((error: unknown) => {
            if (!isCancelled(error)) failed(error);
          });
          return { done, cancel: () => task?.cancel() };
        },
      },
      currentPriority(),
    );
    ticketRef.current = ticket;
    return () => {
      ticket.cancel();
      ticketRef.current = null;
      if (!canvas.isConnected) releaseCanvas(canvas);
    };
  }, [page, scale, rotation, scheduler, pageTheme]);

  // On unmount, release the painted bitmap right away (browsers keep canvas memory until GC otherwise).
  useEffect(() => {
    const host = hostRef.current;
    return () => {
      for (const c of Array.from(host?.querySelectorAll('canvas') ?? [])) releaseCanvas(c);
    };
  }, []);

  return <div ref={hostRef} className="absolute inset-0" />;
}

function releaseCanvas(canvas: HTMLCanvasElement) {
  canvas.width = 0;
  canvas.height = 0;
  canvas.remove();
}

function isCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'RenderingCancelledException' || error.name === 'AbortException');
}

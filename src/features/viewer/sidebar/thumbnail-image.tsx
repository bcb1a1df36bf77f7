import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { normalizeRotation, type Rotation } from '../../../core/coords/transform.ts';
import { pdfPageColors } from '../render/page-palette.ts';
import type { RenderScheduler, RenderTicket } from '../render/render-scheduler.ts';
import { useViewerStore } from '../viewer-store.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';

// One thumbnail's picture. It is painted through the viewer's render queue as a background job (after every page
// waiting to paint, never in the last free slot), at a low resolution, then turned into an <img>: the canvas is
// released at once, so thumbnails never add canvases to the DOM (the viewer's and the benchmark's canvas counts
// stay the pages' own) and a scrolled-past thumbnail costs a small compressed image, not a bitmap.

/** Object URLs of painted thumbnails, per open document; the oldest are dropped past `limit`. */
export class ThumbnailCache {
  readonly #urls = new Map<string, string>();
  constructor(readonly limit = 200) {}

  get(key: string): string | undefined {
    const url = this.#urls.get(key);
    if (url) {
      // Most recently used last.
      this.#urls.delete(key);
      this.#urls.set(key, url);
    }
    return url;
  }

  set(key: string, url: string): void {
    this.#urls.set(key, url);
    while (this.#urls.size > this.limit) {
      const [oldest] = this.#urls;
      if (!oldest) break;
      this.#urls.delete(oldest[0]);
      URL.revokeObjectURL(oldest[1]);
    }
  }

  /** The URL without counting it as a use (safe to call while rendering). */
  peek(key: string): string | undefined {
    return this.#urls.get(key);
  }

  clear(): void {
    for (const url of this.#urls.values()) URL.revokeObjectURL(url);
    this.#urls.clear();
  }
}

type Picture = { kind: 'waiting' } | { kind: 'ready'; url: string } | { kind: 'failed' };

interface ThumbnailImageProps {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  /** CSS width of the picture; the height follows the page. */
  width: number;
  userRotation: Rotation;
  /** Distance from the thumbnails on screen: nearer ones paint first. */
  priority: number;
  scheduler: RenderScheduler;
  cache: ThumbnailCache;
}

export function ThumbnailImage({ pdf, pageNumber, width, userRotation, priority, scheduler, cache }: ThumbnailImageProps) {
  // Night pages give night thumbnails: the theme is part of the picture's key, so a switch repaints them.
  const pageTheme = useViewerStore((s) => s.pageTheme);
  const key = `${pageNumber}:${userRotation}:${width}:${pageTheme}`;
  // What this key's render produced; a key without one shows the cached picture, or nothing while it paints.
  const [painted, setPainted] = useState<{ key: string; picture: Picture } | null>(null);
  const cachedUrl = cache.peek(key);
  const picture: Picture = painted?.key === key ? painted.picture : cachedUrl ? { kind: 'ready', url: cachedUrl } : { kind: 'waiting' };

  const ticketRef = useRef<RenderTicket | null>(null);
  const currentPriority = useEffectEvent(() => priority);

  useEffect(() => {
    // Counted as a use (most recent), so a thumbnail on screen is the last to be dropped from the cache.
    if (cache.get(key)) return;
    const setPicture = (p: Picture) => setPainted({ key, picture: p });
    let cancelled = false;
    let task: RenderTask | null = null;
    const ticket = scheduler.schedule(
      {
        start: () => {
          const done = (async () => {
            const page = await pdf.getPage(pageNumber);
            if (cancelled) return;
            const rotation = normalizeRotation(page.rotate + userRotation);
            const unit = page.getViewport({ scale: 1, rotation });
            // Twice the CSS size at most: sharp on HiDPI screens, still a few kilobytes per page.
            const scale = (width * Math.min(2, window.devicePixelRatio || 1)) / Math.max(1, unit.width);
            const viewport = page.getViewport({ scale, rotation });
            const canvas = document.createElement('canvas');
            canvas.width = Math.max(1, Math.floor(viewport.width));
            canvas.height = Math.max(1, Math.floor(viewport.height));
            try {
              task = page.render({ canvas, viewport, pageColors: pdfPageColors(pageTheme) });
              await task.promise;
              if (cancelled) return;
              const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve));
              if (cancelled || !blob) return;
              const url = URL.createObjectURL(blob);
              cache.set(key, url);
              setPicture({ kind: 'ready', url });
            } finally {
              canvas.width = 0;
              canvas.height = 0;
            }
          })();
          done.catch((error: unknown) => {
            if (!cancelled && !isCancelled(error)) setPicture({ kind: 'failed' });
          });
          return { done, cancel: () => task?.cancel() };
        },
      },
      currentPriority(),
      { background: true },
    );
    ticketRef.current = ticket;
    return () => {
      cancelled = true;
      ticketRef.current = null;
      ticket.cancel();
    };
  }, [pdf, pageNumber, userRotation, width, scheduler, cache, key, pageTheme]);

  useEffect(() => {
    ticketRef.current?.setPriority(priority);
  }, [priority]);
  const t = useTranslate();

  switch (picture.kind) {
    case 'ready':
      return <img src={picture.url} alt="" draggable={false} className="block h-full w-full object-contain" />;
    case 'waiting':
      return null;
    case 'failed':
      return <span className="grid h-full place-items-center text-[10px] text-slate-400">{t('thumbs.noPreview')}</span>;
    default: {
      const never: never = picture;
      return never;
    }
  }
}

function isCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'RenderingCancelledException' || error.name === 'AbortException');
}

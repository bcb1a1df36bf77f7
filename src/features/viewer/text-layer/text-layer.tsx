import { useEffect, useRef } from 'react';
import { pdfjs } from 'react-pdf';
import type { PDFPageProxy } from 'pdfjs-dist';
import type { Rotation } from '../../../core/coords/transform.ts';
import type { DocumentTextCache } from './text-cache.ts';

// Our own text layer: pdf.js's TextLayer fed from the per-document text cache, so zooming or rotating lays the
// spans out again from the cached textContent instead of asking the worker to parse the page again.
// `pdfjs` from react-pdf is the very pdfjs-dist module react-pdf renders with (one copy, same worker).
// The layer's CSS (viewer.css) reads `--total-scale-factor`, set on the pages container by ViewerPages.

interface TextLayerViewProps {
  page: PDFPageProxy;
  pageNumber: number;
  scale: number;
  rotation: Rotation;
  textCache: DocumentTextCache;
  /** Laid out only once the page's first paint is in, whenever the text itself arrives. */
  after?: FirstPaint;
}

/** The page's first paint, and whether it is in already. */
export interface FirstPaint {
  readonly promise: Promise<void>;
  readonly settled: boolean;
}

export function TextLayerView({ page, pageNumber, scale, rotation, textCache, after }: TextLayerViewProps) {
  const hostRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let layer: InstanceType<typeof pdfjs.TextLayer> | null = null;
    // pdf.js appends spans into this div; React never manages its children.
    const container = document.createElement('div');
    container.className = 'textLayer';

    // Asked only after the first paint (or picked up from the request the drawing's start made): see PageView.
    // The canvas already on screen (a kept page coming near again, a zoom): the spans are laid out after the next
    // frame, so that frame shows the page and its highlight at once instead of waiting for hundreds of spans.
    const behindFrame = after?.settled ?? false;
    const show = async () => {
      await after?.promise;
      if (behindFrame) await afterNextFrame();
      if (cancelled) return;
      let textContent;
      try {
        textContent = await textCache.getTextContent(pageNumber);
      } catch (error) {
        if (!cancelled) console.warn(`Text of page ${pageNumber} could not be read`, error);
        return;
      }
      if (cancelled) return;
      const viewport = page.getViewport({ scale, rotation });
      layer = new pdfjs.TextLayer({ textContentSource: textContent, container, viewport });
      try {
        await layer.render();
      } catch (error) {
        if (!cancelled && !(error instanceof Error && error.name === 'AbortException')) console.warn(`Text layer of page ${pageNumber} failed`, error);
        return;
      }
      // Swap in one go, so a zoom never shows an empty or half-built layer.
      if (!cancelled) host.replaceChildren(container);
    };
    void show();

    return () => {
      cancelled = true;
      layer?.cancel();
    };
  }, [page, pageNumber, scale, rotation, textCache, after]);

  return <div ref={hostRef} className="absolute inset-0" />;
}

/** The task after the next frame has been produced (requestAnimationFrame runs just before it is painted). */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

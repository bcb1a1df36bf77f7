import { memo, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import type { PDFPageProxy } from 'pdfjs-dist';
import { normalizeRotation, type PageFrame, type Rotation } from '../../../core/coords/transform.ts';
import { HighlightLayer, type PageHighlight } from '../highlights/highlight-layer.tsx';
import { PageCanvas } from '../render/page-canvas.tsx';
import type { EarlyRenders } from '../render/page-render.ts';
import { frameOf, hasTextLayer } from '../render/render-queue.ts';
import type { RenderScheduler } from '../render/render-scheduler.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';
import { TextLayerView, type FirstPaint } from '../text-layer/text-layer.tsx';
import { useTranslate } from '../../../i18n/use-translate.ts';

// One page placeholder. Every page of the document has one (absolutely positioned from the layout), so the scroll
// height is right from the start; only mounted pages (near the viewport) load their PDFPageProxy and paint.

type PageLoad = { kind: 'loading' } | { kind: 'ready'; page: PDFPageProxy } | { kind: 'error'; message: string };

interface PageViewProps {
  pageNumber: number;
  top: number;
  width: number;
  height: number;
  mounted: boolean;
  priority: number;
  /** Known frame of this page, or undefined while only the reference size is known. */
  frame: PageFrame | undefined;
  scale: number;
  userRotation: Rotation;
  textCache: DocumentTextCache;
  scheduler: RenderScheduler;
  earlyRenders?: EarlyRenders | undefined;
  onFrame(page: number, frame: PageFrame): void;
  onPainted(page: number): void;
  highlights: readonly PageHighlight[] | undefined;
  sourceId: string;
  activeRegion: number;
  flashKey: string;
}

export const PageView = memo(function PageView(props: PageViewProps) {
  const { pageNumber, top, width, height, mounted, frame, scale, userRotation, highlights } = props;
  // Only what differs per page is inline; everything shared (look, the text layer's scale variables) comes from a
  // class and from the pages container. 1,000 placeholders with their own custom properties and Tailwind's
  // var()-built ring shadow cost ~85 ms of style recalculation on open; this costs ~15 ms.
  const style = { top, width, height, left: `calc(50% - ${width / 2}px)` } satisfies CSSProperties;

  return (
    <div data-page-number={pageNumber} className="viewer-page" style={style}>
      {mounted && <MountedPage {...props} />}
      {highlights && highlights.length > 0 && frame && (
        <HighlightLayer
          sourceId={props.sourceId}
          highlights={highlights}
          frame={frame}
          scale={scale}
          userRotation={userRotation}
          activeRegion={props.activeRegion}
          flashKey={props.flashKey}
        />
      )}
    </div>
  );
});

function MountedPage({ pageNumber, priority, scale, userRotation, textCache, scheduler, earlyRenders, onFrame, onPainted }: PageViewProps) {
  const t = useTranslate();
  // A page whose proxy is already known (learned in the background) is ready on its first render.
  const [load, setLoad] = useState<PageLoad>(() => {
    const page = textCache.loadedPage(pageNumber);
    return page ? { kind: 'ready', page } : { kind: 'loading' };
  });
  // The text layer waits for the canvas, as pdf.js's own page view does: every mounted page asking for its text at
  // once held the worker while it built the drawing of the page the reader jumped to, which then painted later. A
  // promise, not state: the layer is laid out the moment the canvas is in, with no render in between.
  const [firstPaint] = useState(paintSignal);

  useEffect(() => {
    let cancelled = false;
    textCache.getPage(pageNumber).then(
      (page) => {
        if (cancelled) return;
        onFrame(pageNumber, frameOf(page));
        setLoad((prev) => (prev.kind === 'ready' && prev.page === page ? prev : { kind: 'ready', page }));
      },
      (error: unknown) => {
        if (!cancelled) setLoad({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
      // Free the page's operator list and decoded images in the worker and here (not a cited page's, kept for the
      // next jump to it). pdf.js defers the cleanup until the page's render tasks (ours, being cancelled by
      // PageCanvas, or a thumbnail's) have settled, so it is safe now; the proxy itself stays in the text cache, and
      // a later render fetches what it needs again.
      textCache.freeDrawing(pageNumber);
    };
  }, [textCache, pageNumber, onFrame]);

  switch (load.kind) {
    case 'loading':
      return <PageNotice>{t('viewer.loadingPage', { page: pageNumber })}</PageNotice>;
    case 'error':
      return <PageNotice>{t('viewer.pageFailed', { page: pageNumber, message: load.message })}</PageNotice>;
    case 'ready': {
      const rotation = normalizeRotation(load.page.rotate + userRotation);
      return (
        <>
          <PageCanvas
            page={load.page}
            scale={scale}
            rotation={rotation}
            priority={priority}
            scheduler={scheduler}
            earlyRenders={earlyRenders}
            // A citation's page (the goal, priority -1) asks for its text before it has painted, so that its text layer
            // and quote highlight come with the canvas: with the drawing while pages build quickly, else once the worker
            // has built the drawing (the worker is one thread, and text extraction between a complex page's slices
            // slows the drawing). The other pages' drawings wait for that text. Any other page asks once it has
            // painted (TextLayerView), as pdf.js's viewer does.
            onTextTurn={() => {
              if (priority < 0) scheduler.holdForCitation(textCache.prefetchText(pageNumber));
            }}
            onPainted={() => {
              firstPaint.resolve();
              onPainted(pageNumber);
            }}
            onError={(error) => {
              // The words can still be selected and found on a page whose drawing failed.
              firstPaint.resolve();
              console.warn(`Page ${pageNumber} failed to render`, error);
            }}
          />
          {hasTextLayer(priority) && (
            <TextLayerView page={load.page} pageNumber={pageNumber} scale={scale} rotation={rotation} textCache={textCache} after={firstPaint} />
          )}
        </>
      );
    }
    default: {
      const never: never = load;
      return never;
    }
  }
}

/** A promise and the function that settles it: the page's first paint, awaited by its text layer. */
function paintSignal(): FirstPaint & { resolve(): void } {
  let settle = () => undefined as void;
  const promise = new Promise<void>((r) => (settle = r));
  let settled = false;
  return {
    promise,
    resolve: () => {
      settled = true;
      settle();
    },
    get settled() {
      return settled;
    },
  };
}

function PageNotice({ children }: { children: ReactNode }) {
  return <div className="absolute inset-0 grid place-items-center p-4 text-center text-xs text-slate-400">{children}</div>;
}

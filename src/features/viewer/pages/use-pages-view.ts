import type { PageFrame } from '../../../core/coords/transform.ts';
import { selectPageLabels } from '../sidebar/sidebar-slice.ts';
import { useScale, useViewerStore } from '../viewer-store.ts';

// What the pages of one open document read from the viewer's store: how they are shown (scale, rotation, page
// theme), their sizes, and what is asked of them (a page, a region, the active region).

const EMPTY_FRAMES: ReadonlyMap<number, PageFrame> = new Map<number, PageFrame>();

export function usePagesView(documentKey: string) {
  const storeFrames = useViewerStore((s) => s.frames);
  const storeKey = useViewerStore((s) => s.documentKey);
  return {
    // A citation by printed page label gets its physical page once this document's labels are read.
    labels: useViewerStore(selectPageLabels),
    scale: useScale(),
    rotation: useViewerStore((s) => s.rotation),
    // Until openDocument ran, the store may still hold the previous document's frames: never use them.
    frames: storeKey === documentKey ? storeFrames : EMPTY_FRAMES,
    activeRegion: useViewerStore((s) => s.activeRegion),
    pageRequest: useViewerStore((s) => s.pageRequest),
    regionRequest: useViewerStore((s) => s.regionRequest),
    pageTheme: useViewerStore((s) => s.pageTheme),
  };
}

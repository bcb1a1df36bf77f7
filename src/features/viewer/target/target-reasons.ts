import type { Box } from '../../../core/model/types.ts';
import { frameOf } from '../render/render-queue.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';
import type { ViewerText } from './use-target-rects.ts';

// A quote that was not located on a page with no text at all (a scan) was never really searched: the viewer says
// so instead of "not located", which would read as "the words are not there" while they are visibly on the page.

/** The reason to show when `page` has no text layer; undefined when it has text (or cannot be read). */
export async function noTextLayerReason(textCache: DocumentTextCache, page: number): Promise<ViewerText | undefined> {
  try {
    const text = await textCache.getPageText(page);
    return text.runs.some((run) => run.str.trim() !== '') ? undefined : (t) => t('passage.noTextLayer', { page });
  } catch {
    return undefined;
  }
}

/** A cited page the document does not have: the flag shown instead of silently landing on another page. */
export function missingPageReason(page: number | undefined, pageCount: number): ViewerText | undefined {
  if (page === undefined || (page >= 1 && page <= pageCount)) return undefined;
  return (t) => t('passage.missingPage', { page, count: pageCount });
}

/**
 * Whether every canonical box lies on its page (within a point), judged by pages already loaded; false when a page
 * is not loaded yet (its fetch is started, so the next target on that page is quick). Only then may boxes be drawn
 * at once: any other goes through the checked path, which clamps a box poking past the edge and flags it. The viewer
 * learns every page in the background, so a citation's page is almost always loaded by the time it is clicked.
 */
export function boxesInsideKnownPages(textCache: DocumentTextCache, boxes: readonly Box[]): boolean {
  return boxes.every((b) => {
    const page = textCache.loadedPage(b.page);
    if (!page) {
      if (b.page >= 1 && b.page <= textCache.pageCount) void textCache.getPage(b.page).catch(() => undefined);
      return false;
    }
    const { view } = frameOf(page);
    const width = view[2] - view[0];
    const height = view[3] - view[1];
    return b.x0 >= -1 && b.y0 >= -1 && b.x1 <= width + 1 && b.y1 <= height + 1;
  });
}

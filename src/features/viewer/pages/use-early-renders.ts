import { useEffect, useState } from 'react';
import { normalizeRotation } from '../../../core/coords/transform.ts';
import { EarlyRenders } from '../render/page-render.ts';
import type { PageTheme } from '../render/page-palette.ts';
import type { RenderScheduler } from '../render/render-scheduler.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';

// A jump to a page that is not mounted starts its drawing with the scroll to it (useScrollGoal's onGoal), before the
// re-render that mounts the page (which then takes the drawing over): the worker is asked ~6 ms sooner. A mounted
// page draws as it is.

interface EarlyRenderInput {
  textCache: DocumentTextCache;
  scheduler: RenderScheduler;
  mounted: ReadonlySet<number>;
  scale: number;
  rotation: number;
  pageTheme: PageTheme;
}

/** The early renders (handed to the pages, which take theirs over) and the function that starts one for a page. */
export function useEarlyRenders({ textCache, scheduler, mounted, scale, rotation, pageTheme }: EarlyRenderInput) {
  const [earlyRenders] = useState(() => new EarlyRenders());
  useEffect(() => () => earlyRenders.clear(), [earlyRenders]);
  const renderEarly = (page: number) => {
    const proxy = textCache.loadedPage(page);
    if (!proxy || mounted.has(page)) return;
    const spec = { scale, rotation: normalizeRotation(proxy.rotate + rotation), theme: pageTheme };
    earlyRenders.start(proxy, spec, scheduler, -2).onTextTurn(() => scheduler.holdForCitation(textCache.prefetchText(page)));
  };
  return { earlyRenders, renderEarly };
}

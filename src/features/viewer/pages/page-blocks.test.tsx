// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memo } from 'react';
import { cleanup, render } from '@testing-library/react';
import type { PageFrame } from '../../../core/coords/transform.ts';
import type { PageHighlight } from '../highlights/highlight-layer.tsx';
import { EarlyRenders } from '../render/page-render.ts';
import { computeLayout, type VisibleRange } from '../render/render-queue.ts';
import { RenderScheduler } from '../render/render-scheduler.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';
import { ViewerStoreProvider } from '../viewer-store.ts';

// Which placeholders a scroll step or a jump redraws. The page view is replaced by a memoised stand-in that counts
// its renders and shows the priority it was given, so the test sees what PageBlocks hands each page.
const renders = new Map<number, number>();
vi.mock('./page-view.tsx', () => ({
  PageView: memo(function CountingPage(props: { pageNumber: number; priority: number; mounted: boolean }) {
    renders.set(props.pageNumber, (renders.get(props.pageNumber) ?? 0) + 1);
    return <div data-page={props.pageNumber} data-priority={props.priority} data-mounted={props.mounted || undefined} />;
  }),
}));

const { PageBlocks } = await import('./page-blocks.tsx');

const letter: PageFrame = { view: [0, 0, 612, 792], rotate: 0 };
const COUNT = 40;
const layout = computeLayout(COUNT, () => letter, 1, 0, 10, 10);
const frames = new Map<number, PageFrame>();
const noHighlights = new Map<number, PageHighlight[]>();
const shared = {
  layout,
  frames,
  goalPage: null,
  scale: 1,
  userRotation: 0 as const,
  textCache: {} as DocumentTextCache,
  scheduler: new RenderScheduler(),
  earlyRenders: new EarlyRenders(),
  onFrame: () => undefined,
  onPainted: () => undefined,
  sourceId: '',
  activeRegion: 0,
  flashKey: '',
};

function view(range: VisibleRange, mounted: number[], highlightsByPage = noHighlights, sourceId = '') {
  return (
    <ViewerStoreProvider>
      <PageBlocks {...shared} range={range} mounted={new Set(mounted)} highlightsByPage={highlightsByPage} sourceId={sourceId} />
    </ViewerStoreProvider>
  );
}

describe('PageBlocks: what a scroll step or a jump redraws', () => {
  afterEach(() => {
    cleanup();
    renders.clear();
  });

  it('redraws the mounted pages whose priority moved, and none of the placeholders around them', () => {
    const { rerender, container } = render(view({ first: 1, last: 2, mostVisible: 1 }, [1, 2, 3]));
    expect(renders.get(20)).toBe(1);
    // One page down: every page's distance from the visible ones changed, but only mounted pages draw.
    rerender(view({ first: 2, last: 3, mostVisible: 2, direction: 1 }, [1, 2, 3, 4]));
    expect(renders.get(20)).toBe(1);
    expect(renders.get(39)).toBe(1);
    expect(renders.get(4)).toBe(2);
    expect(renders.get(1)).toBe(2);
    expect(container.querySelector('[data-page="1"]')?.getAttribute('data-priority')).toBe('2');
    expect(container.querySelector('[data-page="3"]')?.getAttribute('data-priority')).toBe('0');
  });

  it('a jump far away redraws the pages it mounts and unmounts, not the pages between', () => {
    const { rerender } = render(view({ first: 1, last: 2, mostVisible: 1 }, [1, 2, 3]));
    const highlight = new Map<number, PageHighlight[]>([[30, [{ box: { page: 30, x0: 0, y0: 0, x1: 10, y1: 10 }, region: 0 }]]]);
    // The citation's source id comes with the jump: only the highlighted page needs it.
    rerender(view({ first: 30, last: 31, mostVisible: 30, direction: 1 }, [1, 2, 3, 29, 30, 31, 32], highlight, 'S1'));
    for (const p of [10, 20, 28, 33, 40]) expect(renders.get(p), `page ${p}`).toBe(1);
    for (const p of [1, 2, 3, 29, 30, 31, 32]) expect(renders.get(p), `page ${p}`).toBe(2);
    // The next citation on the same page: the highlighted page redraws for its new source, nothing else.
    rerender(view({ first: 30, last: 31, mostVisible: 30, direction: 1 }, [1, 2, 3, 29, 30, 31, 32], highlight, 'S2'));
    expect(renders.get(30)).toBe(3);
    for (const p of [1, 29, 31]) expect(renders.get(p), `page ${p}`).toBe(2);
    expect(renders.get(10)).toBe(1);
  });
});

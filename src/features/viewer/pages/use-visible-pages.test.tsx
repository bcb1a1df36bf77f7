// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import type { PageFrame } from '../../../core/coords/transform.ts';
import { computeLayout, PAGE_GAP, PAGE_PADDING } from '../render/render-queue.ts';
import { useVisiblePages, type PagesScroller } from './use-visible-pages.ts';

afterEach(cleanup);

// A citation's jump scrolls through `scrollTo`, from the view as last read: the range and the scroll come from the
// layout, the container is only written (a read after the click's render would force a layout in the click's task).

const LETTER: PageFrame = { view: [0, 0, 612, 792], rotate: 0 };
const layout = computeLayout(20, () => LETTER, 1, 0, PAGE_PADDING, PAGE_GAP);

interface Seen {
  scroller?: PagesScroller;
  sync?: () => void;
  mostVisible?: number;
}

function Pages({ seen }: { seen: Seen }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { range, sync, scroller } = useVisiblePages(scrollRef, layout);
  Object.assign(seen, { scroller, sync, mostVisible: range.mostVisible });
  return <div ref={scrollRef} data-testid="scroll" />;
}

/** A container 800 × 600 px; every read of its scroll state is counted. */
function sized(el: HTMLElement, reads: string[]) {
  let top = 0;
  let left = 0;
  const props: Record<string, PropertyDescriptor> = {
    clientWidth: { get: () => (reads.push('clientWidth'), 800) },
    clientHeight: { get: () => (reads.push('clientHeight'), 600) },
    scrollWidth: { get: () => (reads.push('scrollWidth'), 800) },
    scrollTop: { get: () => (reads.push('scrollTop'), top), set: (v: number) => (top = v) },
    scrollLeft: { get: () => (reads.push('scrollLeft'), left), set: (v: number) => (left = v) },
  };
  for (const [name, d] of Object.entries(props)) Object.defineProperty(el, name, { configurable: true, ...d });
  return { top: () => top };
}

describe('useVisiblePages: scrollTo', () => {
  it('scrolls and finds the page in view from the view as last read, reading nothing, within the browser’s bounds', () => {
    const seen: Seen = {};
    render(<Pages seen={seen} />);
    const reads: string[] = [];
    const el = sized(document.querySelector<HTMLElement>('[data-testid="scroll"]')!, reads);
    act(() => seen.sync!());
    expect(seen.scroller!.spot()).toMatchObject({ top: 0, width: 800, height: 600 });
    reads.length = 0;

    const page12 = layout.tops[11]!;
    act(() => seen.scroller!.scrollTo(page12, null));
    expect(reads).toEqual([]);
    expect(el.top()).toBe(Math.round(page12));
    expect(seen.mostVisible).toBe(12);

    // Past the end: where the browser would stop, the last page in view.
    act(() => seen.scroller!.scrollTo(layout.height + 5000, null));
    expect(reads).toEqual([]);
    expect(el.top()).toBe(Math.round(layout.height - 600));
    expect(seen.mostVisible).toBe(20);
    expect(seen.scroller!.spot()).toMatchObject({ top: Math.round(layout.height - 600) });
  });

  it('a view never read (or hidden) is read when scrolled', () => {
    const seen: Seen = {};
    render(<Pages seen={seen} />);
    const reads: string[] = [];
    const el = sized(document.querySelector<HTMLElement>('[data-testid="scroll"]')!, reads);
    expect(seen.scroller!.spot()).toBeNull();
    act(() => seen.scroller!.scrollTo(layout.tops[4]!, null));
    expect(reads).toContain('scrollTop');
    expect(el.top()).toBe(layout.tops[4]);
    expect(seen.mostVisible).toBe(5);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import type { PageFrame } from '../../../core/coords/transform.ts';
import { computeLayout, PAGE_GAP, PAGE_PADDING } from '../render/render-queue.ts';
import { useScrollGoal, type TargetGoal } from './use-scroll-goal.ts';

afterEach(cleanup);

// A citation's goal arrives with the render that shows the target (useLocatedTarget): the hook aims at each new goal
// object once, tells the viewer its page before scrolling (so the page's drawing starts first), and scrolls once the
// page's size is known. jsdom has no layout: the view is 0 px tall, so a box's centre is scrolled to the very top.

const LETTER: PageFrame = { view: [0, 0, 612, 792], rotate: 0 };
const layout = computeLayout(5, () => LETTER, 1, 0, PAGE_PADDING, PAGE_GAP);

interface Props {
  targetGoal: TargetGoal | null;
  frames: ReadonlyMap<number, PageFrame>;
  log: string[];
  flashes: number[];
  commits?: number[];
}

function Pages({ targetGoal, frames, log, flashes, commits }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const { flashSeq } = useScrollGoal({
    scrollRef,
    pagesRef,
    layout,
    frames,
    scale: 1,
    rotation: 0,
    sync: () => log.push(`sync ${scrollRef.current?.scrollTop}`),
    targetGoal,
    onGoal: (page) => log.push(`start ${page} at ${scrollRef.current?.scrollTop}`),
  });
  flashes.push(flashSeq);
  useLayoutEffect(() => {
    commits?.push(flashSeq);
  });
  return (
    <div ref={scrollRef} data-testid="scroll">
      <div ref={pagesRef} />
    </div>
  );
}

const allFrames = new Map([1, 2, 3, 4, 5].map((p) => [p, LETTER]));
/** Page 3, a line near its top: 100 pt down (canonical boxes are y-down from the crop box's top-left). */
const box = { page: 3, x0: 72, y0: 90, x1: 300, y1: 110 };
const boxCentreTop = (layout.tops[2] ?? 0) + 100;

describe('useScrollGoal', () => {
  it('aims at a new target goal once: starts its page, then scrolls it into view with one flash', () => {
    const log: string[] = [];
    const flashes: number[] = [];
    const goal: TargetGoal = { page: 3, box };
    const { rerender } = render(<Pages targetGoal={goal} frames={allFrames} log={log} flashes={flashes} />);
    expect(log).toEqual(['start 3 at 0', `sync ${boxCentreTop}`]);
    expect(flashes.at(-1)).toBe(1);

    // The same goal again (any re-render of the viewer): nothing more, even when the reader has scrolled away.
    const el = document.querySelector<HTMLElement>('[data-testid="scroll"]')!;
    el.scrollTop = 5;
    rerender(<Pages targetGoal={goal} frames={new Map(allFrames)} log={log} flashes={flashes} />);
    expect(log).toHaveLength(2);
    expect(el.scrollTop).toBe(5);
    expect(flashes.at(-1)).toBe(1);

    // A new target, even one with the same page and box (the same citation clicked again): aimed at and flashed again.
    rerender(<Pages targetGoal={{ ...goal }} frames={allFrames} log={log} flashes={flashes} />);
    expect(log.slice(2)).toEqual(['start 3 at 5', `sync ${boxCentreTop}`]);
    expect(flashes.at(-1)).toBe(2);
  });

  it('a target that was not located goes to its page without a flash', () => {
    const log: string[] = [];
    const flashes: number[] = [];
    render(<Pages targetGoal={{ page: 4, box: null }} frames={allFrames} log={log} flashes={flashes} />);
    expect(log).toEqual(['start 4 at 0', `sync ${(layout.tops[3] ?? 0) - PAGE_GAP / 2}`]);
    expect(flashes.at(-1)).toBe(0);
  });

  it('starts the page at once but scrolls only when its size is known, and starts it only once', () => {
    const log: string[] = [];
    const flashes: number[] = [];
    const goal: TargetGoal = { page: 3, box };
    const { rerender } = render(<Pages targetGoal={goal} frames={new Map([[1, LETTER]])} log={log} flashes={flashes} />);
    expect(log).toEqual(['start 3 at 0']);
    rerender(<Pages targetGoal={goal} frames={allFrames} log={log} flashes={flashes} />);
    expect(log).toEqual(['start 3 at 0', `sync ${boxCentreTop}`]);
  });

  it('a new goal costs the viewer one commit: the goal is taken while rendering, not set from an effect after it', () => {
    const log: string[] = [];
    const flashes: number[] = [];
    const commits: number[] = [];
    const { rerender } = render(<Pages targetGoal={null} frames={allFrames} log={log} flashes={flashes} commits={commits} />);
    expect(commits).toEqual([0]);
    rerender(<Pages targetGoal={{ page: 2, box: { ...box, page: 2 } }} frames={allFrames} log={log} flashes={flashes} commits={commits} />);
    // One commit, already with the goal's flash, and the scroll in it.
    expect(commits).toEqual([0, 1]);
    expect(log).toEqual(['start 2 at 0', `sync ${(layout.tops[1] ?? 0) + 100}`]);
  });
});

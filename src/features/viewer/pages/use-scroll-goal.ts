import { useCallback, useEffectEvent, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { boxesCenter, canonicalToView, type PageFrame, type Rotation } from '../../../core/coords/transform.ts';
import type { Box } from '../../../core/model/types.ts';
import { PAGE_GAP, type PageLayout } from '../render/render-queue.ts';
import { horizontalScroll } from './horizontal-scroll.ts';

// Where the pages view scrolls next (a page's top, or a box centred in the viewport), and the scroll itself: done
// before paint, once the goal page's own size is known (its frame positions the box). The goal page is handed out,
// so the frames hook fetches its size first.
//
// A citation's goal is derived from the target while rendering, not set from an effect after it: the click's own
// render then carries the goal, and the page blocks are not rendered and committed a second time before the scroll.
// The click's task is on the jump's path: pdf.js's worker sends the jumped-to page's drawing in slices and goes on
// only once the main thread has read the last one, which it cannot do before that task ends.

/** Breathing room left of a highlight brought into view horizontally. */
const H_MARGIN = 24;

/** Where a target sends the view: its active region's page and box, or only a page when it was not located. */
export interface TargetGoal {
  page: number;
  box: Box | null;
  /** The view went to the box's page already (while its passage was searched): scroll only if the box is not in view. */
  keepInView?: boolean;
}

interface ScrollGoal extends TargetGoal {
  seq: number;
}

interface ScrollGoalOptions {
  scrollRef: RefObject<HTMLDivElement | null>;
  pagesRef: RefObject<HTMLDivElement | null>;
  layout: PageLayout;
  frames: ReadonlyMap<number, PageFrame>;
  scale: number;
  rotation: Rotation;
  /** Refreshes the visible range after the scroll (useVisiblePages). */
  sync(): void;
  /** The current target's goal (a new object per target); each new one is aimed at, with a flash when it has a box. */
  targetGoal: TargetGoal | null;
  /** Told each goal's page once, before the scroll and the renders it causes (the viewer starts that page's drawing). */
  onGoal?(page: number): void;
}

export function useScrollGoal({ scrollRef, pagesRef, layout, frames, scale, rotation, sync, targetGoal, onGoal }: ScrollGoalOptions) {
  const [goal, setGoal] = useState<ScrollGoal | null>(null);
  const [flashSeq, setFlashSeq] = useState(0);
  const aim = useCallback((page: number, box: Box | null, flash = true, keepInView = false) => {
    setGoal((g) => ({ page, box, seq: (g?.seq ?? 0) + 1, ...(keepInView && { keepInView }) }));
    if (box && flash) setFlashSeq((n) => n + 1);
  }, []);
  // React's pattern for state that follows a prop: set while rendering, so this render is redone at once with the new
  // goal (before any child renders) instead of committing and rendering the pages again from an effect.
  const [aimedTarget, setAimedTarget] = useState<TargetGoal | null>(null);
  if (targetGoal !== aimedTarget) {
    setAimedTarget(targetGoal);
    if (targetGoal) aim(targetGoal.page, targetGoal.box, true, targetGoal.keepInView);
  }

  const startGoal = useEffectEvent((page: number) => onGoal?.(page));
  const startedSeq = useRef(0);
  const doneSeq = useRef(0);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !goal || goal.seq === doneSeq.current) return;
    if (goal.seq !== startedSeq.current) {
      startedSeq.current = goal.seq;
      startGoal(goal.page);
    }
    const frame = frames.get(goal.page);
    if (!frame) return; // The frames hook fetches it (goalPage below); this runs again once it is known.
    doneSeq.current = goal.seq;
    const top = layout.tops[goal.page - 1] ?? 0;
    // Every DOM read first, then the writes: a read after a write would force a layout in between.
    const viewHeight = el.clientHeight;
    const viewWidth = el.clientWidth;
    const across = horizontalScroll(el);
    const pagesWidth = pagesRef.current?.clientWidth ?? 0;
    if (goal.box) {
      const centre = boxesCenter([goal.box], frame, scale, rotation);
      // Horizontally, move as little as needed to show the whole line fragment, and its start when it is wider than
      // the viewer: people read from the line's start, and centring a wide line would hide it.
      const view = canonicalToView(goal.box, frame, scale, rotation);
      // The page's own offset, from the layout (its element may not be in the DOM yet, see PageBlocks):
      // placeholders are centred, `left: calc(50% - width / 2)`, in the pages container.
      const left = pagesWidth / 2 - (layout.widths[goal.page - 1] ?? 0) / 2 + view.left;
      const right = left + view.width;
      const scrollTop = el.scrollTop;
      const shown = top + view.top >= scrollTop && top + view.top + view.height <= scrollTop + viewHeight && left >= across.x && right <= across.x + viewWidth;
      if (!(goal.keepInView && shown)) {
        el.scrollTop = top + centre.y - viewHeight / 2;
        across.set(Math.min(left - H_MARGIN, Math.max(across.x, right + H_MARGIN - viewWidth)));
      }
    } else {
      el.scrollTop = top - PAGE_GAP / 2;
    }
    sync();
  }, [goal, frames, layout, scale, rotation, scrollRef, pagesRef, sync]);

  return { aim, flashSeq, goalPage: goal?.page ?? null };
}

import { useCallback, useMemo, useReducer } from 'react';
import { keepPainted, pagesToMount, type VisibleRange } from '../render/render-queue.ts';

// Which pages are mounted (canvas + text layer): the visible pages and the next one in the scroll direction, plus
// the most recently painted few (max(10, 2 × visible + 1), as pdf.js's page buffer keeps), so scrolling back a
// little shows a painted page at once. Only the page ahead is drawn before it is seen, as pdf.js's rendering queue
// does: mounting the page behind too drew 196 pages on a 50-step scroll through 1,000 pages where pdf.js's viewer
// drew 114–141, and every drawing costs the worker time and memory. Every other page is a bare placeholder: an
// unpainted page that scrolls away unmounts, which cancels its render, and a painted page pushed out of the buffer
// unmounts, which frees its canvas and cleans its page up.

/** Pages mounted beyond the visible ones in the scroll direction. */
const MOUNT_AHEAD = 1;

interface KeptState {
  /** Painted pages that keep their canvas, oldest first. */
  order: readonly number[];
  range: VisibleRange;
  /** Zoom and rotation the painted pages were painted at. */
  view: string;
  /** Some page of this document has painted: the background work may start. */
  anyPainted: boolean;
}

type KeptAction = { type: 'range'; range: VisibleRange } | { type: 'painted'; page: number } | { type: 'view'; view: string };

function reduce(state: KeptState, action: KeptAction): KeptState {
  switch (action.type) {
    case 'range':
      return { ...state, range: action.range, order: keepPainted(state.order, action.range) };
    case 'painted':
      return { ...state, anyPainted: true, order: keepPainted(state.order, state.range, action.page) };
    case 'view': {
      if (action.view === state.view) return state;
      // A zoom or rotation repaints every mounted page: keep only the pages near the viewport, so the others do not
      // queue sharp renders nobody looks at (they repaint when they come back).
      const near = pagesToMount(state.range, Number.MAX_SAFE_INTEGER, MOUNT_AHEAD, MOUNT_AHEAD);
      return { ...state, view: action.view, order: state.order.filter((p) => near.has(p)) };
    }
    default: {
      const never: never = action;
      return never;
    }
  }
}

export function useKeptPages(range: VisibleRange, pageCount: number, view: string) {
  const [state, dispatch] = useReducer(reduce, null, (): KeptState => ({ order: [], range, view, anyPainted: false }));

  // Followed while rendering (React's pattern for state derived from props): a new range is redone in the same render,
  // not committed and then rendered again from an effect (a jump's click would pay for both).
  if (state.range !== range) dispatch({ type: 'range', range });
  if (state.view !== view) dispatch({ type: 'view', view });
  const onPainted = useCallback((page: number) => dispatch({ type: 'painted', page }), []);

  const mounted = useMemo(() => {
    const pages = pagesToMount(range, pageCount, MOUNT_AHEAD, 0);
    for (const p of state.order) if (p <= pageCount) pages.add(p);
    return pages;
  }, [range, pageCount, state.order]);

  return { mounted, onPainted, anyPainted: state.anyPainted };
}

import { useCallback, useEffect, useState, type RefObject } from 'react';

// Which children of a long list are near the viewport of the pane that scrolls it: the answer's chunks
// (features/answer/virtual-blocks.tsx) and the review's claim chunks (features/review/chunked-list.tsx) draw only
// those and leave the others as placeholders. One IntersectionObserver over the container's children, widened by
// `margin`, so a scroll rarely shows a placeholder; a drawn child that leaves keeps its measured height for the
// placeholder that takes its place. Shared by features, which may not import each other (a layer of its own: src/hooks).

export interface NearSet {
  /** Indexes (the children's `data-*` attribute) of the children near the viewport. */
  near: ReadonlySet<number>;
  /** The real height (px) of each child that was drawn and then left. */
  heights: ReadonlyMap<number, number>;
  /** Marks a child near (e.g. Find in page matched text in its placeholder). */
  add(index: number): void;
}

/** The nearest ancestor that scrolls vertically (the pane), or null for the document. */
export function scrollParent(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if (overflowY === 'auto' || overflowY === 'scroll') return p;
  }
  return null;
}

/**
 * `container`'s children carry their index in the data attribute `indexAttribute` (dataset name: `answerChunk` for
 * `data-answer-chunk`) and `data-drawn` when drawn. `initial` are near before anything was observed (what the pane
 * shows when it opens); `children` changes whenever the set of children does (the observer then starts again).
 */
export function useNearSet(
  container: RefObject<HTMLElement | null>,
  indexAttribute: string,
  initial: readonly number[],
  margin: string,
  children: unknown,
): NearSet {
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set(initial));
  const [heights, setHeights] = useState<ReadonlyMap<number, number>>(() => new Map());

  useEffect(() => {
    const el = container.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        const left = new Map<number, number>();
        const changes = entries.map((e) => {
          const i = Number((e.target as HTMLElement).dataset[indexAttribute]);
          // A drawn child leaving: keep its real height for its placeholder.
          if (!e.isIntersecting && e.target.hasAttribute('data-drawn')) left.set(i, e.boundingClientRect.height);
          return [i, e.isIntersecting] as const;
        });
        if (left.size > 0) setHeights((h) => new Map([...h, ...left]));
        setNear((prev) => {
          const next = new Set(prev);
          for (const [i, on] of changes) {
            if (on) next.add(i);
            else next.delete(i);
          }
          return next;
        });
      },
      { root: scrollParent(el), rootMargin: margin },
    );
    for (const child of Array.from(el.children)) io.observe(child);
    return () => io.disconnect();
  }, [container, indexAttribute, margin, children]);

  const add = useCallback((index: number) => setNear((prev) => (prev.has(index) ? prev : new Set([...prev, index]))), []);
  return { near, heights, add };
}

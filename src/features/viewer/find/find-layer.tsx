import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { boxesCenter, canonicalToView, type PageFrame, type Rotation } from '../../../core/coords/transform.ts';
import type { PageLayout } from '../render/render-queue.ts';
import { useViewerStoreApi } from '../viewer-store.ts';
import { useFindStore } from './find-store.ts';
import './find.css';
import { horizontalScroll } from '../pages/horizontal-scroll.ts';

// The find bar's matches, drawn over the pages. One layer for the whole document (not one per page), so the page
// components need not know about search: each match is placed at its page's slot of the layout (the same
// arithmetic the placeholders use) and projected from PDF space with canonicalToView, exactly as citation
// highlights are (highlight-layer.tsx). Only matches on mounted pages are in the DOM, plus the current one.
// Elements carry `data-find-match`, never `data-highlight`: a search must not look like a citation.

interface FindLayerProps {
  layout: PageLayout;
  /** Store frames (the layout's): a page whose own frame is not in it yet is laid out with page 1's size. */
  frames: ReadonlyMap<number, PageFrame>;
  mounted: ReadonlySet<number>;
  scale: number;
  rotation: Rotation;
  scrollRef: RefObject<HTMLDivElement | null>;
  pagesRef: RefObject<HTMLDivElement | null>;
}

/** Breathing room left of a match brought into view horizontally. */
const H_MARGIN = 24;

export function FindLayer({ layout, frames, mounted, scale, rotation, scrollRef, pagesRef }: FindLayerProps) {
  const store = useViewerStoreApi();
  const matches = useFindStore((s) => s.matches);
  const current = useFindStore((s) => s.current);
  const revealSeq = useFindStore((s) => s.revealSeq);
  const matchesKey = useFindStore((s) => s.documentKey);

  const byPage = useMemo(() => {
    const map = new Map<number, number[]>();
    matches.forEach((m, i) => {
      const list = map.get(m.page) ?? [];
      list.push(i);
      map.set(m.page, list);
    });
    return map;
  }, [matches]);

  // Bring the current match into view once per reveal, after its page's own size is in the layout (a page of
  // another size would otherwise move once it is known, taking the match with it).
  const doneSeq = useRef(0);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const match = matches[current];
    if (!el || !match || revealSeq === doneSeq.current) return;
    if (!sameFrame(frames.get(match.page), match.frame)) {
      // Keyed by the document searched: right after a switch, the old document's matches are still in the find
      // store for a render, and their page sizes must not land in the new document's layout.
      if (matchesKey !== null) store.getState().setFrame(match.page, match.frame, matchesKey);
      return;
    }
    doneSeq.current = revealSeq;
    const top = layout.tops[match.page - 1] ?? 0;
    const centre = boxesCenter(match.rects, match.frame, scale, rotation);
    const margin = el.clientHeight / 3;
    const y = top + centre.y;
    // Move only when the match is not comfortably in view already (stepping through matches on one page must not
    // jump the page around); otherwise centre it.
    if (y < el.scrollTop + 40 || y > el.scrollTop + el.clientHeight - 40) el.scrollTop = y - margin;
    const first = match.rects[0];
    if (first) {
      const view = canonicalToView(first, match.frame, scale, rotation);
      const pageLeft = (pagesRef.current?.clientWidth ?? 0) / 2 - (layout.widths[match.page - 1] ?? 0) / 2;
      const left = pageLeft + view.left;
      const right = left + view.width;
      const across = horizontalScroll(el);
      across.set(Math.min(left - H_MARGIN, Math.max(across.x, right + H_MARGIN - el.clientWidth)));
    }
  }, [revealSeq, current, matches, matchesKey, frames, layout, scale, rotation, scrollRef, pagesRef, store]);

  if (matches.length === 0) return null;
  const shown: number[] = [];
  for (const page of mounted) for (const i of byPage.get(page) ?? []) shown.push(i);
  if (current >= 0 && !shown.includes(current)) shown.push(current);

  return (
    <div className="pointer-events-none absolute inset-0 z-20" aria-hidden>
      {shown.map((i) => {
        const m = matches[i];
        if (!m) return null;
        const top = layout.tops[m.page - 1] ?? 0;
        const width = layout.widths[m.page - 1] ?? 0;
        return m.rects.map((box, j) => {
          const r = canonicalToView(box, m.frame, scale, rotation);
          return (
            <div
              key={`${i}:${j}`}
              data-find-match={i}
              data-page={m.page}
              data-find-current={i === current ? '' : undefined}
              className="find-match"
              style={{ top: top + r.top, left: `calc(50% - ${width / 2}px + ${r.left}px)`, width: r.width, height: r.height }}
            />
          );
        });
      })}
    </div>
  );
}

function sameFrame(a: PageFrame | undefined, b: PageFrame): boolean {
  return !!a && a.rotate === b.rotate && a.view.every((v, i) => v === b.view[i]);
}

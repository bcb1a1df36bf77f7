import { memo, useMemo, useRef, type ReactNode } from 'react';
import { useNearSet } from '../../hooks/use-near-set.ts';

// The claims of a long answer (10,000 in one) are drawn in chunks, and only the chunks near the panel's viewport are
// React elements; the others are empty list rows of their measured (or, before they were ever drawn, estimated)
// height, hidden from assistive technology. The chunk holding the selected claim is always drawn, so the card can
// scroll itself into view. Short lists are drawn whole.

/** Lists longer than this are drawn in chunks. */
export const CHUNKED_MIN_ITEMS = 200;
const CHUNK_ITEMS = 40;
/** A card's height (px) before it was ever drawn: one to three lines of text and a row of chips. */
const ESTIMATED_ITEM_HEIGHT = 96;
const MARGIN = '1200px 0px';
const FIRST_CHUNKS = [0];

interface ChunkedListProps<T> {
  label: string;
  items: readonly T[];
  render(item: T): ReactNode;
  /** The index of an item that must be drawn (the selected claim), or -1. */
  keep: number;
}

export function ChunkedList<T>({ label, items, render, keep }: ChunkedListProps<T>) {
  const list = useRef<HTMLOListElement>(null);
  const count = Math.ceil(items.length / CHUNK_ITEMS);
  const kept = keep >= 0 ? Math.floor(keep / CHUNK_ITEMS) : -1;
  const { near, heights } = useNearSet(list, 'listChunk', FIRST_CHUNKS, MARGIN, count);

  // The same slices while the items stay: a drawn chunk (memo) re-renders only when its cards change.
  const slices = useMemo(
    () => Array.from({ length: Math.ceil(items.length / CHUNK_ITEMS) }, (_, i) => items.slice(i * CHUNK_ITEMS, (i + 1) * CHUNK_ITEMS)),
    [items],
  );

  const chunks: ReactNode[] = [];
  for (let i = 0; i < count; i++) {
    const slice = slices[i]!;
    const drawn = near.has(i) || i === kept;
    chunks.push(
      // role="none" on the wrappers: the cards stay the list's items for assistive technology.
      <li key={i} role="none" data-list-chunk={i} data-drawn={drawn ? '' : undefined} className="block">
        {drawn ? <Chunk items={slice} render={render} /> : <div aria-hidden style={{ height: heights.get(i) ?? slice.length * ESTIMATED_ITEM_HEIGHT }} />}
      </li>,
    );
  }
  return (
    <ol ref={list} aria-label={label}>
      {chunks}
    </ol>
  );
}

const Chunk = memo(function Chunk<T>({ items, render }: { items: readonly T[]; render(item: T): ReactNode }) {
  return <ol role="none">{items.map(render)}</ol>;
}) as <T>(props: { items: readonly T[]; render(item: T): ReactNode }) => ReactNode;

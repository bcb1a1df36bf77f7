import { memo, useEffect, useRef, type ReactNode } from 'react';
import type { ElementContent, Root as HastRoot } from 'hast';
import { useNearSet } from '../../hooks/use-near-set.ts';

// A long answer (10,000 claims is ~2,000 paragraphs) is drawn in chunks of blocks, and only the chunks near the
// answer pane's viewport are React elements: the rest are placeholders of their measured (or, before they were ever
// drawn, estimated) height, holding the chunk's plain text as `hidden="until-found"`, so the browser's Find in page
// still finds every word (its `beforematch` event draws the chunk before the browser scrolls to it). Scroll anchoring
// keeps the view still when a chunk above it is drawn at a height other than its estimate.
// The chunk holding `reveal` (a text offset: the selected claim) is always drawn, so the app can find and scroll to it.

/** Answers with more top-level blocks than this are drawn in chunks; shorter ones are drawn whole. */
export const VIRTUAL_MIN_BLOCKS = 120;
const CHUNK_BLOCKS = 20;
/** How far beyond the pane's visible part chunks are drawn, so a scroll rarely shows a placeholder. */
const MARGIN = '1200px 0px';
const FIRST_CHUNKS = [0, 1];

export interface AnswerChunk {
  /** Offsets in the answer's text (from the Markdown positions): what the chunk covers. */
  start: number;
  end: number;
  nodes: ElementContent[];
  /** The chunk's text, for the placeholder (Find in page) and its height estimate. */
  text: string;
}

function textOf(node: ElementContent | HastRoot, out: string[]): void {
  if (node.type === 'text') out.push(node.value);
  else if ('children' in node) for (const child of node.children) textOf(child as ElementContent, out);
}

/** The root's top-level nodes in chunks of CHUNK_BLOCKS blocks, or null when the answer is short enough to draw whole. */
export function answerChunks(root: HastRoot, textLength: number): AnswerChunk[] | null {
  const blocks = root.children.filter((n): n is ElementContent => n.type === 'element' || n.type === 'text');
  const elements = blocks.filter((n) => n.type === 'element').length;
  if (elements <= VIRTUAL_MIN_BLOCKS) return null;
  const chunks: AnswerChunk[] = [];
  let nodes: ElementContent[] = [];
  let count = 0;
  const flush = () => {
    if (nodes.length === 0) return;
    const first = nodes.find((n) => n.position)?.position;
    const last = [...nodes].reverse().find((n) => n.position)?.position;
    const start = chunks.length === 0 ? 0 : (first?.start.offset ?? chunks[chunks.length - 1]!.end);
    const text: string[] = [];
    for (const n of nodes) {
      textOf(n, text);
      text.push('\n');
    }
    chunks.push({ start, end: last?.end.offset ?? start, nodes, text: text.join('') });
    nodes = [];
    count = 0;
  };
  for (const node of blocks) {
    nodes.push(node);
    if (node.type === 'element' && ++count === CHUNK_BLOCKS) flush();
  }
  flush();
  chunks[chunks.length - 1]!.end = textLength;
  return chunks;
}

/** The chunk covering `offset` (the last one starting at or before it). */
export function chunkAt(chunks: readonly AnswerChunk[], offset: number): number {
  let lo = 0;
  let hi = chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (chunks[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A first guess at a chunk's height (px), before it was ever drawn: ~90 characters a 24 px line, plus margins. */
function estimateHeight(chunk: AnswerChunk): number {
  const lines = chunk.text.split('\n').reduce((sum, block) => sum + (block ? Math.ceil(block.length / 90) : 0), 0);
  return lines * 24 + chunk.nodes.length * 6;
}

/** `hidden="until-found"`, set on the element itself: React would write `hidden` as a boolean (display: none). */
function hideUntilFound(el: HTMLElement | null): void {
  el?.setAttribute('hidden', 'until-found');
}

interface VirtualBlocksProps {
  chunks: readonly AnswerChunk[];
  renderChunk(nodes: ElementContent[]): ReactNode;
  /** A text offset whose chunk is always drawn (the selected claim), or null. */
  reveal: number | null;
}

export function VirtualBlocks({ chunks, renderChunk, reveal }: VirtualBlocksProps) {
  const container = useRef<HTMLDivElement>(null);
  // The first chunks are drawn at once: the answer's start is what the reader sees when it opens.
  const { near, heights, add } = useNearSet(container, 'answerChunk', FIRST_CHUNKS, MARGIN, chunks);
  const revealed = reveal === null ? -1 : chunkAt(chunks, reveal);

  // Find in page found a word in a placeholder: draw its chunk (the browser then scrolls to the match).
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const onBeforeMatch = (e: Event) => {
      const i = Number((e.target as HTMLElement).closest<HTMLElement>('[data-answer-chunk]')?.dataset.answerChunk);
      if (Number.isInteger(i)) add(i);
    };
    el.addEventListener('beforematch', onBeforeMatch, true);
    return () => el.removeEventListener('beforematch', onBeforeMatch, true);
  }, [chunks, add]);

  return (
    <div ref={container} data-answer-chunks={chunks.length}>
      {chunks.map((chunk, i) => {
        const drawn = near.has(i) || i === revealed;
        return (
          <div
            key={i}
            data-answer-chunk={i}
            data-answer-start={chunk.start}
            data-answer-end={chunk.end}
            data-drawn={drawn ? '' : undefined}
            // flow-root: the blocks' margins stay inside, so a drawn chunk and its placeholder are the same height.
            className="flow-root"
          >
            {drawn ? (
              <DrawnChunk nodes={chunk.nodes} render={renderChunk} />
            ) : (
              <div ref={hideUntilFound} style={{ height: heights.get(i) ?? estimateHeight(chunk), whiteSpace: 'pre-line' }}>
                {chunk.text}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** A drawn chunk re-renders only when its nodes do: drawing another chunk leaves it alone. */
const DrawnChunk = memo(function DrawnChunk({ nodes, render }: { nodes: ElementContent[]; render(nodes: ElementContent[]): ReactNode }) {
  return render(nodes);
});

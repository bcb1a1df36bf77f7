import type { SSEStreamingApi } from 'hono/streaming';
import { parseMarkers } from '../../core/markers/parse-markers.ts';
import { resolveMarker } from '../../core/model/resolve.ts';
import type { Source } from '../../core/model/types.ts';
import type { StoredAnswer } from './ask-service.ts';

// The answer as server-sent events (docs/api.md): `text { delta }` pieces of a few words, `source { source }` for
// each cited source once, always before the first piece that cites it (so a client can make a marker a button the
// moment it appears), then `done { answer }`. Pieces never split a marker.

export interface Piece {
  start: number;
  end: number;
}

/** Cuts `text` after every `words` words, never inside a marker group. */
export function textPieces(text: string, words = 5): Piece[] {
  const groups = parseMarkers(text);
  const inMarker = (i: number) => groups.some((g) => g.start < i && i < g.end);
  const pieces: Piece[] = [];
  let start = 0;
  let count = 0;
  const re = /\s+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const cut = m.index + m[0].length;
    if (++count < words || inMarker(m.index)) continue;
    pieces.push({ start, end: cut });
    start = cut;
    count = 0;
  }
  if (start < text.length) pieces.push({ start, end: text.length });
  return pieces;
}

export interface StreamOptions {
  /** Pause between text pieces (ms), so a client shows the text arriving as a model's would. */
  delayMs: number;
  signal?: AbortSignal;
  /** More fields for the `done` event (the chat's `session_id`). */
  done?: Record<string, unknown>;
}

export async function streamAnswer(stream: SSEStreamingApi, answer: StoredAnswer, o: StreamOptions): Promise<void> {
  const groups = parseMarkers(answer.text);
  const sent = new Set<string>();
  const send = (event: string, data: unknown) => stream.writeSSE({ event, data: JSON.stringify(data) });
  let first = true;
  for (const piece of textPieces(answer.text)) {
    if (!first && o.delayMs > 0) await stream.sleep(o.delayMs);
    first = false;
    if (o.signal?.aborted || stream.aborted) return;
    for (const g of groups) {
      if (g.start >= piece.end) break;
      for (const ref of g.refs) {
        const source: Source | undefined = resolveMarker(answer, ref.key);
        if (!source || sent.has(source.id)) continue;
        sent.add(source.id);
        await send('source', { source });
      }
    }
    await send('text', { delta: answer.text.slice(piece.start, piece.end) });
  }
  // sources no marker names (none today) still reach the client before `done`
  for (const source of answer.sources) {
    if (sent.has(source.id)) continue;
    sent.add(source.id);
    await send('source', { source });
  }
  await send('done', { ...o.done, answer });
}

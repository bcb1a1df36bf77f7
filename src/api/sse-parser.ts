// Server-sent events over a fetch body (POST /api/ask with `Accept: text/event-stream`). EventSource cannot POST,
// so the client reads the stream itself; this is the pure half: text in, whole events out, whatever the chunking.
// It follows the HTML spec's parsing rules (https://html.spec.whatwg.org/multipage/server-sent-events.html):
// lines end in CRLF, LF or CR; `:` starts a comment; one space after the colon is dropped; several `data:` lines
// join with "\n"; a blank line dispatches; an event with no data is not dispatched; a missing `event:` is "message".
// An event still unfinished when the stream ends is dropped, as the spec says: a server that died mid-event must not
// hand the client half an answer.

export interface SseEvent {
  event: string;
  data: string;
}

/** What is left between two chunks: the unfinished last line and the event being built. */
export interface SseState {
  /** Text after the last line break (a line may be split across chunks). */
  line: string;
  /** The previous chunk ended in CR: a LF at the start of the next one belongs to that line break. */
  afterCr: boolean;
  event: string;
  data: string[];
}

export const initialSseState: SseState = { line: '', afterCr: false, event: '', data: [] };

/**
 * Feeds one decoded chunk. Returns the events it completed and the state for the next chunk; never throws and never
 * mutates `state`. Calling it with every chunk in turn gives the same events however the stream was split.
 */
export function parseSseChunk(state: SseState, chunk: string): { state: SseState; events: SseEvent[] } {
  let text = chunk;
  if (state.afterCr && text.startsWith('\n')) text = text.slice(1);
  const lines = (state.line + text).split(/\r\n|\r|\n/);
  const rest = lines.pop() ?? '';
  const events: SseEvent[] = [];
  let event = state.event;
  let data = state.data;
  for (const line of lines) {
    if (line === '') {
      if (data.length > 0) events.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data = [...data, value];
    // `id` and `retry` only matter to EventSource's reconnection, which a POST never does.
  }
  // A chunk ending in CR split a CRLF pair only when the CR closed a line; `rest` is then empty.
  return { state: { line: rest, afterCr: text.endsWith('\r'), event, data }, events };
}

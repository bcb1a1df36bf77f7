import { isObj, type Obj } from '../provider.ts';

// A streamed Messages response as a client records it: the server-sent events in order, each as the SDK yields it
// (`{ type: "content_block_delta", index, delta }`) or as the wire carries it (`{ event, data }`, `data` an object or
// JSON text). Assembled into the message the non-streaming API would have returned, as Anthropic's SDKs do:
// `message_start` opens it, `content_block_start` adds a block, `content_block_delta` appends `text_delta` text,
// `thinking_delta` thinking and `citations_delta` citations to its block, `message_delta` sets the stop reason.

const STREAM_TYPES = new Set(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping']);

/** The event objects of a recorded stream (unwrapping `{ event, data }`), or undefined when it is not one. */
export function streamEvents(payload: unknown): Obj[] | undefined {
  if (!Array.isArray(payload)) return undefined;
  const events = payload.map(eventOf).filter((e): e is Obj => e !== undefined);
  return events.some((e) => e.type === 'message_start' || e.type === 'content_block_delta') ? events : undefined;
}

function eventOf(item: unknown): Obj | undefined {
  if (!isObj(item)) return undefined;
  if (typeof item.type === 'string' && STREAM_TYPES.has(item.type)) return item;
  let data = item.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!isObj(data)) return undefined;
  return typeof data.type === 'string' ? data : typeof item.event === 'string' ? { type: item.event, ...data } : undefined;
}

/** The message the events add up to; blocks a delta names before its start are created as text blocks. */
export function assembleStream(events: readonly Obj[]): Obj {
  const start = events.find((e) => e.type === 'message_start');
  const message: Obj = { ...(isObj(start?.message) ? start.message : { type: 'message', role: 'assistant' }) };
  const blocks: Obj[] = [];
  const blockAt = (index: unknown): Obj => {
    const i = typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : blocks.length;
    blocks[i] ??= { type: 'text', text: '' };
    return blocks[i]!;
  };
  for (const e of events) {
    if (e.type === 'content_block_start' && isObj(e.content_block)) {
      const i = typeof e.index === 'number' ? e.index : blocks.length;
      blocks[i] = { ...e.content_block };
    } else if (e.type === 'content_block_delta' && isObj(e.delta)) {
      applyDelta(blockAt(e.index), e.delta);
    } else if (e.type === 'message_delta' && isObj(e.delta)) {
      Object.assign(message, e.delta);
    }
  }
  message.content = blocks.filter((b) => b !== undefined);
  return message;
}

function applyDelta(block: Obj, delta: Obj): void {
  const append = (key: string, value: unknown) => {
    if (typeof value === 'string') block[key] = `${typeof block[key] === 'string' ? block[key] : ''}${value}`;
  };
  if (delta.type === 'text_delta') append('text', delta.text);
  else if (delta.type === 'thinking_delta') append('thinking', delta.thinking);
  else if (delta.type === 'signature_delta') block.signature = delta.signature;
  else if (delta.type === 'input_json_delta') append('partial_json', delta.partial_json);
  else if (delta.type === 'citations_delta' && delta.citation != null) {
    block.citations = [...(Array.isArray(block.citations) ? block.citations : []), delta.citation];
  }
}

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { initialSseState, parseSseChunk, type SseEvent } from './sse-parser.ts';

function parseAll(chunks: string[]): SseEvent[] {
  let state = initialSseState;
  const out: SseEvent[] = [];
  for (const chunk of chunks) {
    const r = parseSseChunk(state, chunk);
    state = r.state;
    out.push(...r.events);
  }
  return out;
}

describe('SSE parser', () => {
  it('reads named events with JSON data, as /api/ask streams them', () => {
    const stream =
      'event: text\ndata: {"delta":"Vendors must "}\n\n' + 'event: source\ndata: {"source":{"id":"S1"}}\n\n' + 'event: done\ndata: {"answer":{"id":"a"}}\n\n';
    expect(parseAll([stream])).toEqual([
      { event: 'text', data: '{"delta":"Vendors must "}' },
      { event: 'source', data: '{"source":{"id":"S1"}}' },
      { event: 'done', data: '{"answer":{"id":"a"}}' },
    ]);
  });

  it('joins data lines, drops one leading space, skips comments and defaults the name to "message"', () => {
    expect(parseAll([': keep-alive\n\ndata:one\ndata:  two\nid: 7\nretry: 10\n\n'])).toEqual([{ event: 'message', data: 'one\n two' }]);
  });

  it('dispatches nothing for an event without data, and resets the name after each blank line', () => {
    expect(parseAll(['event: ping\n\ndata: x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('accepts CRLF and CR line ends, even when a CRLF is split between chunks', () => {
    expect(parseAll(['event: text\r\ndata: a\r', '\n\r', '\nevent: done\rdata: b\r\r'])).toEqual([
      { event: 'text', data: 'a' },
      { event: 'done', data: 'b' },
    ]);
  });

  it('holds back an event until its blank line, and drops one the stream never finishes', () => {
    const first = parseSseChunk(initialSseState, 'event: text\ndata: {"del');
    expect(first.events).toEqual([]);
    const second = parseSseChunk(first.state, 'ta":"x"}\n');
    expect(second.events).toEqual([]);
    expect(parseSseChunk(second.state, '\n').events).toEqual([{ event: 'text', data: '{"delta":"x"}' }]);
    expect(parseAll(['event: done\ndata: {"answer":'])).toEqual([]);
  });

  it('gives the same events however the stream is cut into chunks', () => {
    const line = fc.stringMatching(/^[a-z {}":,\u00e9\u06f2]{0,12}$/);
    const event = fc.record({ event: fc.constantFrom('text', 'source', 'done', 'error'), data: fc.array(line, { minLength: 1, maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 6 }), fc.constantFrom('\n', '\r\n', '\r'), fc.array(fc.nat(), { maxLength: 8 }), (events, eol, cuts) => {
        const stream = events.map((e) => `event: ${e.event}${eol}${e.data.map((d) => `data: ${d}${eol}`).join('')}${eol}`).join('');
        const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
        const chunks: string[] = [];
        let from = 0;
        for (const p of points) {
          chunks.push(stream.slice(from, p));
          from = p;
        }
        chunks.push(stream.slice(from));
        expect(parseAll(chunks)).toEqual(events.map((e) => ({ event: e.event, data: e.data.join('\n') })));
      }),
    );
  });

  it('never changes the state it is given', () => {
    const state = { line: 'data: a', afterCr: false, event: 'text', data: ['x'] };
    const copy = structuredClone(state);
    parseSseChunk(state, '\n\n');
    expect(state).toEqual(copy);
  });
});

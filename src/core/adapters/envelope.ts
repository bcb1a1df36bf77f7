import { isObj, type Obj } from './provider.ts';

// Provider responses as people keep them: inside an HTTP record (`{ status, headers, body }`, the `responses["200"]`
// of an Azure REST example, a VCR cassette's `{ request, response }` whose body is JSON text), or a stream's
// server-sent events kept as text. The response is read out of its record before detection and adaptation, so a
// record is read as the response it holds (docs/citation-formats.md, "Envelopes").

/** Keys an HTTP response record may have beside its body. */
const HTTP_KEYS = new Set(['status', 'statusCode', 'status_code', 'statusText', 'headers', 'ok', 'url', 'body', 'http_version', 'reason']);

/** The response inside `payload`'s record, or `payload` itself when it is not a record. Pure; never throws. */
export function unwrapEnvelope(payload: unknown, depth = 0): unknown {
  if (depth > 4) return payload;
  if (typeof payload === 'string') return fromText(payload, depth);
  if (!isObj(payload)) return payload;
  const inner = recordBody(payload);
  return inner === undefined ? payload : unwrapEnvelope(inner, depth + 1);
}

function recordBody(p: Obj): unknown {
  if ('body' in p && Object.keys(p).every((k) => HTTP_KEYS.has(k))) {
    const body = p.body;
    // VCR cassettes keep the body as `{ string: "<JSON>", encoding }`.
    return isObj(body) && typeof body.string === 'string' && Object.keys(body).every((k) => k === 'string' || k === 'encoding') ? body.string : body;
  }
  if (isObj(p.responses) && Object.keys(p).every((k) => k === 'responses' || k === 'parameters' || k === 'title' || k === 'operationId')) {
    const ok = Object.entries(p.responses).find(([status, r]) => /^2\d\d$/.test(status) && isObj(r) && 'body' in r);
    return ok ? (ok[1] as Obj).body : undefined;
  }
  if (isObj(p.request) && isObj(p.response) && Object.keys(p).length <= 3) return p.response;
  return undefined;
}

/** JSON text, or server-sent events (`event: …` / `data: {…}` lines) as an array of their JSON data. */
function fromText(text: string, depth: number): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return unwrapEnvelope(JSON.parse(trimmed) as unknown, depth + 1);
    } catch {
      return text;
    }
  }
  return /^(?:event|data):/m.test(text) ? serverSentEvents(text) : text;
}

function serverSentEvents(text: string): unknown[] {
  const events: unknown[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let name: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length === 0) continue;
    let value: unknown;
    try {
      value = JSON.parse(data.join('\n')) as unknown;
    } catch {
      continue; // `[DONE]` and other non-JSON data lines carry nothing to read
    }
    events.push(isObj(value) && value.type === undefined && name ? { type: name, ...value } : value);
  }
  return events;
}

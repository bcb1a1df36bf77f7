import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect.ts';
import { unwrapEnvelope } from './envelope.ts';

const response = { choices: [{ message: { content: 'Walk twice a day [doc1].', context: { citations: [{ content: 'Two walks.' }] } } }] };

describe('unwrapEnvelope', () => {
  it('reads the response out of HTTP records, as JSON or as JSON text', () => {
    expect(unwrapEnvelope({ body: response })).toEqual(response);
    expect(unwrapEnvelope({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(response) })).toEqual(response);
    // A VCR cassette's interaction: the body kept as `{ string, encoding }`.
    expect(
      unwrapEnvelope({
        request: { method: 'POST' },
        response: { status: { code: 200 }, headers: {}, body: { encoding: 'UTF-8', string: JSON.stringify(response) } },
      }),
    ).toEqual(response);
    // An Azure REST reference example: the 200 response's body.
    expect(unwrapEnvelope({ title: 'Creates a completion', parameters: {}, responses: { '200': { body: response } } })).toEqual(response);
    expect(detectFormat({ body: response })).toBe('azure-openai');
  });

  it('leaves a response that merely has a `body` field, or any other value, as it is', () => {
    const own = { body: response, choices: [] };
    expect(unwrapEnvelope(own)).toBe(own);
    expect(unwrapEnvelope('plain text')).toBe('plain text');
    expect(unwrapEnvelope([1, 2])).toEqual([1, 2]);
    expect(unwrapEnvelope({ body: '{ not json' })).toBe('{ not json');
  });

  it('reads server-sent events kept as text into the array of their JSON data, naming each by its event', () => {
    const text = 'event: message_start\ndata: {"message":{"id":"m"}}\n\nevent: ping\ndata: {"type":"ping"}\n\ndata: [DONE]\n\n';
    expect(unwrapEnvelope(text)).toEqual([{ type: 'message_start', message: { id: 'm' } }, { type: 'ping' }]);
  });
});

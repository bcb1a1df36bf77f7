import fc from 'fast-check';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, readErrorBody } from '../api/error-schema.ts';
import { apiError } from './api-error.ts';

// The server writes every error through apiError; the client reads it through readErrorBody. Whatever the code and
// message, what one end writes the other reads back.

async function errorResponse(code: string, message: string, options: Parameters<typeof apiError>[4] = {}): Promise<Response> {
  const app = new Hono().get('/', (c) => apiError(c, 409, code, message, options));
  return app.request('/');
}

describe('one error body, written by the server and read by the client', () => {
  it('round-trips any code and message, never cached, never sniffed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), fc.string(), async (code, message) => {
        const res = await errorResponse(code, message);
        expect(res.status).toBe(409);
        expect(res.headers.get('Cache-Control')).toBe('no-store');
        expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
        expect(readErrorBody(await res.json())).toEqual({ code, message });
      }),
      { numRuns: 30 },
    );
  });

  it('keeps details inside the error and top-level fields beside it', async () => {
    const res = await errorResponse('conflict', 'Saved by someone else.', { cache: 'no-cache', details: { issues: [] }, top: { current: { version: 2 } } });
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    const body = apiErrorBodySchema.parse(await res.json());
    expect(body).toEqual({ error: { code: 'conflict', message: 'Saved by someone else.', issues: [] }, current: { version: 2 } });
  });

  it('reads what is there from a body that is not ours', () => {
    expect(readErrorBody({ error: { message: 'Bad gateway' } })).toEqual({ message: 'Bad gateway' });
    expect(readErrorBody('<html>502</html>')).toEqual({});
    expect(readErrorBody(null)).toEqual({});
  });
});

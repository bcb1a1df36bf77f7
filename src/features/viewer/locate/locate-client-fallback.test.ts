// The locate client's main-thread fallback is a chunk of its own, loaded only when no worker runs; when that chunk
// cannot be loaded (a deploy removed it, the network went), a job fails with the reason instead of hanging.
import { describe, expect, it, vi } from 'vitest';
import { LocateService } from './locate-client.ts';

vi.mock('./locate-handler.ts', () => {
  throw new Error('Failed to fetch dynamically imported module: locate-handler.js');
});

describe('the locate client without its fallback code', () => {
  it('fails each job with the loading error instead of leaving it pending', async () => {
    const service = new LocateService(null);
    const source = { getPageText: () => Promise.reject(new Error('not asked')) };
    const locator = service.open(3, source);
    await expect(locator.locate({ quote: 'anything' }, new AbortController().signal)).rejects.toBeInstanceOf(Error);
    await expect(locator.textLayer(new AbortController().signal)).rejects.toBeInstanceOf(Error);
  });
});

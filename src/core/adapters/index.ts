import { adaptAnthropic } from './anthropic.ts';
import { adaptQueryAgent } from './query-agent.ts';
import { adaptRaglite } from './raglite.ts';
import { adaptSidBbox } from './sid-bbox.ts';
import type { Adapter, AdapterInput, AdapterResult, Format } from './types.ts';

// The citation-format adapters: each normalizes one provider's response into the canonical Answer.

export { AdapterError, isAdapterError } from './errors.ts';
export { detectFormat } from './detect.ts';
export { adapterFormats, type Adapter, type AdapterInput, type AdapterResult, type Format } from './types.ts';

export const adapters: Partial<Record<Format, Adapter>> = {
  raglite: adaptRaglite,
  'query-agent': adaptQueryAgent,
  'sid-bbox': adaptSidBbox,
  anthropic: adaptAnthropic,
};

export function runAdapter(format: Format, input: AdapterInput): AdapterResult | undefined {
  const adapter = adapters[format];
  return adapter ? adapter(input) : undefined;
}

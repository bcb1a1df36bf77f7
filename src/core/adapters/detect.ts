import { unwrapEnvelope } from './envelope.ts';
import type { Evidence } from './provider.ts';
import { providers } from './registry.ts';
import type { Format } from './types.ts';

// `auto`: every provider's detector looks at the payload (inside its HTTP record, if any: envelope.ts) and scores
// how specific its evidence is (provider.ts, `Specificity`); the best score wins. Two providers with the same best
// score are a tie, reported with both names rather than decided by the order they are listed in.

export interface Candidate {
  format: Format;
  evidence: Evidence;
}

export type Detection =
  { kind: 'detected'; format: Format; evidence: Evidence; payload: unknown } | { kind: 'tie'; candidates: Candidate[] } | { kind: 'none' };

/** Every provider that recognises the payload, best first. */
export function candidatesFor(payload: unknown): Candidate[] {
  const found: Candidate[] = [];
  for (const [format, provider] of Object.entries(providers) as Array<[Format, (typeof providers)[Format]]>) {
    const evidence = provider.detect(payload);
    if (evidence) found.push({ format, evidence });
  }
  return found.sort((a, b) => b.evidence.score - a.evidence.score);
}

export function detect(raw: unknown): Detection {
  const payload = unwrapEnvelope(raw);
  const [best, next] = candidatesFor(payload);
  if (!best) return { kind: 'none' };
  if (next && next.evidence.score === best.evidence.score) {
    return { kind: 'tie', candidates: candidatesFor(payload).filter((c) => c.evidence.score === best.evidence.score) };
  }
  return { kind: 'detected', format: best.format, evidence: best.evidence, payload };
}

/** The format `auto` reads the payload as, or null when it recognises none (or two tie). */
export function detectFormat(payload: unknown): Format | null {
  const d = detect(payload);
  return d.kind === 'detected' ? d.format : null;
}

/** Why two providers tie, for the detection error. */
export function explainTie(candidates: readonly Candidate[]): string {
  const names = candidates.map((c) => `${c.format} (${c.evidence.because})`);
  return `It matches ${names.slice(0, -1).join(', ')} and ${names.at(-1)} equally well; set the wrapper's \`format\` to the one it is.`;
}

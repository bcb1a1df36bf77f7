// When the outbox tries a decision again, and the id each decision is sent under.

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;

/** Delay before attempt number `attempts + 1`: 1 s, 2 s, 4 s … capped at a minute, ±25 % jitter. */
export function backoffDelay(attempts: number, random: number): number {
  const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp * (0.75 + 0.5 * Math.min(1, Math.max(0, random))));
}

/** 16 random bytes as hex: crypto.randomUUID exists only in secure contexts, and plain-HTTP intranets are not. */
export function randomSaveId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

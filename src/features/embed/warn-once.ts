// Ignored messages are worth one line in the console for whoever integrates a portal, but a page that posts in a
// loop must not flood it: one warning per kind (and never an error, which test harnesses and monitors treat as a
// failure of ours). The set is bounded so that a page inventing new kinds cannot grow it forever.

const MAX_KINDS = 50;
const warned = new Set<string>();

export function warnOnce(kind: string, message: string): void {
  if (warned.has(kind) || warned.size >= MAX_KINDS) return;
  warned.add(kind);
  console.warn(`citelens embed: ${message}`);
}

/** Tests only: forget which kinds were reported. */
export function resetWarnings(): void {
  warned.clear();
}

import type { ActionContext } from './types.ts';

/** The claim `delta` places from the selected one among those shown; the first (or last) when none is selected. */
export function neighbourClaim(ctx: Pick<ActionContext, 'claimIds' | 'selectedId'>, delta: 1 | -1): string | null {
  const ids = ctx.claimIds;
  if (ids.length === 0) return null;
  const at = ctx.selectedId === null ? -1 : ids.indexOf(ctx.selectedId);
  if (at < 0) return delta === 1 ? ids[0]! : ids[ids.length - 1]!;
  return ids[Math.min(ids.length - 1, Math.max(0, at + delta))]!;
}

/**
 * The next (1) or previous (-1) shown claim after the selected one that `matches`, going round the list once; the
 * selected claim itself only when nothing else matches and it does. Null when no claim matches.
 */
export function nextMatching(ids: readonly string[], selectedId: string | null, delta: 1 | -1, matches: (id: string) => boolean): string | null {
  const n = ids.length;
  if (n === 0) return null;
  const at = selectedId === null ? -1 : ids.indexOf(selectedId);
  // Without a selection, j-like steps start before the first claim and k-like ones after the last.
  const start = at >= 0 ? at : delta === 1 ? -1 : n;
  for (let step = 1; step <= n; step++) {
    const i = (((start + delta * step) % n) + n) % n;
    const id = ids[i]!;
    if (matches(id)) return id;
  }
  return null;
}

import type { ActionContext } from './types.ts';

/** The claim `delta` places from the selected one among those shown; the first (or last) when none is selected. */
export function neighbourClaim(ctx: Pick<ActionContext, 'claimIds' | 'selectedId'>, delta: 1 | -1): string | null {
  const ids = ctx.claimIds;
  if (ids.length === 0) return null;
  const at = ctx.selectedId === null ? -1 : ids.indexOf(ctx.selectedId);
  if (at < 0) return delta === 1 ? ids[0]! : ids[ids.length - 1]!;
  return ids[Math.min(ids.length - 1, Math.max(0, at + delta))]!;
}

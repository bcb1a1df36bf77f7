// Overlap of located rectangles with ground truth, as the locator benchmarks score it (corpus.test.ts and the
// right-to-left tests). Pure; used by tests only.
import type { Box } from '../model/types.ts';

/** IoU of two rect sets on one page: union areas, rasterized on a 0.25 pt grid. */
function pageIoU(a: Box[], b: Box[]): number {
  const all = [...a, ...b];
  if (all.length === 0) return 0;
  const s = 0.25;
  const X0 = Math.min(...all.map((r) => r.x0));
  const Y0 = Math.min(...all.map((r) => r.y0));
  const W = Math.ceil((Math.max(...all.map((r) => r.x1)) - X0) / s) + 1;
  const H = Math.ceil((Math.max(...all.map((r) => r.y1)) - Y0) / s) + 1;
  if (W * H > 8e6) return 0;
  const fill = (rs: Box[]) => {
    const g = new Uint8Array(W * H);
    for (const r of rs) {
      const xa = Math.floor((r.x0 - X0) / s);
      const xb = Math.ceil((r.x1 - X0) / s);
      for (let y = Math.floor((r.y0 - Y0) / s); y < Math.ceil((r.y1 - Y0) / s); y++) g.fill(1, y * W + xa, y * W + xb);
    }
    return g;
  };
  const ga = fill(a);
  const gb = fill(b);
  let inter = 0;
  let uni = 0;
  for (let i = 0; i < ga.length; i++) {
    inter += (ga[i] as number) & (gb[i] as number);
    uni += (ga[i] as number) | (gb[i] as number);
  }
  return uni ? inter / uni : 0;
}

/** Per-quote IoU: the mean of per-page union IoUs over the truth's pages and any extra page we highlighted. */
export function quoteIoU(truth: Box[], got: Box[]): number {
  const pages = new Set([...truth.map((r) => r.page), ...got.map((r) => r.page)]);
  let total = 0;
  for (const p of pages)
    total += pageIoU(
      truth.filter((r) => r.page === p),
      got.filter((r) => r.page === p),
    );
  return pages.size ? total / pages.size : 0;
}

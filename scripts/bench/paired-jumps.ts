// M1 compares citation jumps to pages neither viewer has drawn yet: both sides jump through the same pattern in a
// pass (stats.ts jumpPattern keeps its pages away from any drawn earlier), but a viewer may still have a page
// painted that the other has not (pdf.js draws the page after a partly visible one ahead). Such a jump is timed to the
// next frame, not to a drawing, so it is left out of M1 for both, and shown in rows of its own.
import type { BenchJumpResult } from '../../src/app/bench/bench-api.ts';
import type { Viewer } from './drive.ts';
import type { Collector } from './report.ts';

type Timed = Pick<BenchJumpResult, 'paintMs' | 'textMs' | 'cached'>;

export class PairedJumps {
  private readonly pending = new Map<string, Partial<Record<Viewer, readonly Timed[]>>>();

  /** One viewer's jumps of the current pass, under `key` (e.g. `1000@2`, or a corpus document's id). */
  record(key: string, viewer: Viewer, results: readonly Timed[]): void {
    this.pending.set(key, { ...this.pending.get(key), [viewer]: results });
  }

  /**
   * Adds the pass's jumps to `c` and forgets them: `jump-paint-KEY`, `jump-text-KEY` and `jump-gap-KEY` (text after
   * paint) for the jumps that neither viewer found painted; `jump-painted-KEY` (how many of a viewer's jumps found
   * the page painted, per pass) and `jump-painted-ms-KEY` (those jumps' times to the next frame).
   */
  flush(c: Collector): void {
    for (const [key, sides] of this.pending) {
      const viewers = (['citelens', 'reference'] as const).filter((v) => sides[v]);
      for (const v of viewers) {
        const own = sides[v]!;
        const other = viewers.length === 2 ? sides[v === 'citelens' ? 'reference' : 'citelens']! : null;
        let painted = 0;
        own.forEach((r, i) => {
          if (r.cached) {
            painted++;
            c.addOrFail(`jump-painted-ms-${key}`, v, r.paintMs);
            return;
          }
          if (other?.[i]?.cached) return;
          c.addOrFail(`jump-paint-${key}`, v, r.paintMs);
          c.addOrFail(`jump-text-${key}`, v, r.textMs);
          if (r.paintMs !== null && r.textMs !== null) c.add(`jump-gap-${key}`, v, Math.max(0, r.textMs - r.paintMs));
        });
        c.add(`jump-painted-${key}`, v, painted);
      }
    }
    this.pending.clear();
  }
}

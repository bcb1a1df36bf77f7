import { describe, expect, it } from 'vitest';
import { PairedJumps } from './paired-jumps.ts';
import { Collector } from './report.ts';

const jump = (paintMs: number | null, cached = false, textMs = paintMs === null ? null : paintMs + 5) => ({ paintMs, textMs, cached });

describe('PairedJumps', () => {
  it('leaves a jump out of M1 for both viewers when either found its page still painted, and counts it', () => {
    const c = new Collector();
    const paired = new PairedJumps();
    paired.record('doc', 'citelens', [jump(120), jump(90), jump(8, true)]);
    paired.record('doc', 'reference', [jump(100), jump(2, true), jump(3, true)]);
    paired.flush(c);
    expect(c.get('jump-paint-doc')).toMatchObject({ citelens: [120], reference: [100] });
    expect(c.get('jump-gap-doc')).toMatchObject({ citelens: [5], reference: [5] });
    expect(c.get('jump-painted-doc')).toMatchObject({ citelens: [1], reference: [2] });
    expect(c.get('jump-painted-ms-doc')).toMatchObject({ citelens: [8], reference: [2, 3] });
  });

  it('keeps a timeout as a failure, and a viewer whose other side failed keeps its own jumps', () => {
    const c = new Collector();
    const paired = new PairedJumps();
    paired.record('doc', 'citelens', [jump(null), jump(40)]);
    paired.flush(c);
    expect(c.get('jump-paint-doc')).toMatchObject({ citelens: [40], reference: [], failed: { citelens: 1, reference: 0 } });
    // Forgotten once added: the next pass starts afresh.
    paired.flush(c);
    expect(c.get('jump-paint-doc').citelens).toEqual([40]);
  });
});

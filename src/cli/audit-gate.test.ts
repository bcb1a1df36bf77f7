// The release gate (issue #33 §3): a contradicted claim and every other error fail it; "needs a look" never does.
import { describe, expect, it } from 'vitest';
import type { ReviewFlag } from '../core/review/types.ts';
import { breaksGate } from './audit-answer.ts';

const flag = (code: ReviewFlag['code'], severity: ReviewFlag['severity']): ReviewFlag => ({ code, severity, reason: '', evidence: {} });

describe('breaksGate', () => {
  it('fails on a contradicted claim and on any error', () => {
    expect(breaksGate(flag('contradicted', 'error'))).toBe(true);
    expect(breaksGate(flag('quote-not-found', 'error'))).toBe(true);
    expect(breaksGate(flag('unsupported', 'error'))).toBe(true);
  });

  it('never fails on "needs a look", nor on warnings', () => {
    expect(breaksGate(flag('needs-look', 'info'))).toBe(false);
    expect(breaksGate(flag('unsupported', 'warning'))).toBe(false);
    expect(breaksGate(flag('uncited', 'warning'))).toBe(false);
  });
});

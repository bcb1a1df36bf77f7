import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { decisionBodyOf } from '../../api/review-client.ts';
import type { claimRecordSchema, decisionBodySchema, historyEventSchema } from '../../api/review-schema.ts';
import type { ReviewDecision } from '../../core/review/decisions.ts';
import type { ClaimRecord, ReviewEvent, SaveDecisionInput } from './repository.ts';

// The review API's two ends at the type level: what the client sends is what the route parses (one schema,
// src/api/review-schema.ts), and what the route answers is what the client's schema reads. A field added or
// renamed at one end without the other stops the typecheck (vitest runs these as type assertions).

describe('the review API contract, server and client', () => {
  it('the client writes the body the route parses, and the parsed body is what the repository saves', () => {
    expectTypeOf(decisionBodyOf).returns.toEqualTypeOf<z.input<typeof decisionBodySchema>>();
    type Parsed = z.output<typeof decisionBodySchema>;
    expectTypeOf<Parsed['decision']>().toEqualTypeOf<SaveDecisionInput['decision']>();
    expectTypeOf<Parsed['note']>().toEqualTypeOf<SaveDecisionInput['note']>();
  });

  it('the records and history events the route answers are what the client reads', () => {
    expectTypeOf<ClaimRecord>().toEqualTypeOf<z.output<typeof claimRecordSchema>>();
    expectTypeOf<ReviewEvent>().toExtend<z.output<typeof historyEventSchema>>();
  });

  it('one decision enum on both ends', () => {
    expectTypeOf<z.output<typeof decisionBodySchema>['decision']>().toEqualTypeOf<ReviewDecision | null>();
  });
});

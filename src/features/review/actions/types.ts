import type { ReviewDecision } from '../../../api/review-schema.ts';

// A review command: a name, the keys that run it, and what it does with the panel's context. The same object
// serves the keyboard, the shortcuts list and (through `perform`) any button that wants the same behaviour.

export interface ActionContext {
  /** The claims shown (after the filter), in answer order. */
  claimIds: readonly string[];
  selectedId: string | null;
  select(claimId: string): void;
  decide(claimId: string, decision: ReviewDecision): void;
  focusNote(): void;
  stepRegion(delta: 1 | -1): void;
  openShortcuts(): void;
}

export interface ReviewAction {
  name: string;
  /** What the shortcuts list says it does. */
  label: string;
  /** KeyboardEvent.key values, as typed: "j", "?", "]". */
  keys: readonly string[];
  /** False when it would do nothing (no claim selected); the key then passes through. */
  enabled?(ctx: ActionContext): boolean;
  perform(ctx: ActionContext): void;
}

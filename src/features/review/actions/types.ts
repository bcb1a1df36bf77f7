import type { ReviewDecision } from '../../../api/review-schema.ts';
import type { MessageKey } from '../../../core/i18n/messages-en.ts';

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
  /** What the shortcuts list says it does: a catalog key, translated when the list is shown. */
  label: Extract<MessageKey, `review.action${string}`>;
  /** KeyboardEvent.key values, as typed: "j", "?", "]". */
  keys: readonly string[];
  /** False when it would do nothing (no claim selected); the key then passes through. */
  enabled?(ctx: ActionContext): boolean;
  perform(ctx: ActionContext): void;
}

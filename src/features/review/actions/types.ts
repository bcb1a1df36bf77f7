import type { ReviewDecision } from '../../../api/review-schema.ts';
import type { Action } from '../../../lib/action-registry.ts';
import type { MessageKey } from '../../../core/i18n/messages-en.ts';

// What a review command sees: the panel's state and what it can do. The same command objects serve the keyboard,
// the shortcuts list and (through `perform`) any button that wants the same behaviour.

export interface ActionContext {
  /** The claims shown (after the filter), in answer order. */
  claimIds: readonly string[];
  selectedId: string | null;
  select(claimId: string): void;
  /** False when this page cannot save decisions (a sandboxed frame without a token): deciding keys pass through. */
  canDecide: boolean;
  decide(claimId: string, decision: ReviewDecision): void;
  /** The claim has at least one flag. */
  isFlagged(claimId: string): boolean;
  /** Nobody decided the claim yet. */
  isUndecided(claimId: string): boolean;
  /** How many citations the selected claim has. */
  citationCount: number;
  /** Opens the selected claim's next (1) or previous (-1) citation, round the claim's list. */
  cycleCitation(delta: 1 | -1): void;
  /** There is a decision of this session to take back. */
  canUndo: boolean;
  undo(): void;
  /** Asks to verify every unflagged, undecided claim whose citations all passed (a confirmation says how many). */
  verifyPassed(): void;
  focusNote(): void;
  stepRegion(delta: 1 | -1): void;
  openShortcuts(): void;
}

/** A review command (lib/action-registry.ts's shape); its label is one of the review's catalog keys. */
export type ReviewAction = Action<ActionContext, Extract<MessageKey, `review.action${string}`>>;

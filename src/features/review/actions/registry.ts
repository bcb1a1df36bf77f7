import { createActionRegistry } from '../../../lib/action-registry.ts';
import { isTextField } from '../../../lib/is-text-field.ts';
import { actionFollowUp } from './action-follow-up.ts';
import { actionNextCitation, actionPrevCitation } from './action-cycle-citation.ts';
import { actionNextFlagged, actionNextUndecided, actionPrevFlagged, actionPrevUndecided } from './action-step-matching.ts';
import { actionUndo } from './action-undo.ts';
import { actionVerifyPassed } from './action-verify-passed.ts';
import { actionNextClaim } from './action-next-claim.ts';
import { actionNextRegion } from './action-next-region.ts';
import { actionNote } from './action-note.ts';
import { actionPrevClaim } from './action-prev-claim.ts';
import { actionPrevRegion } from './action-prev-region.ts';
import { actionReject } from './action-reject.ts';
import { actionShortcuts } from './action-shortcuts.ts';
import { actionVerify } from './action-verify.ts';
import type { ActionContext, ReviewAction } from './types.ts';

// Every review command, in the order the shortcuts list shows them. Adding a command = one file + one line here.

export const reviewRegistry = createActionRegistry<ActionContext, ReviewAction['label']>('review', [
  actionNextClaim,
  actionPrevClaim,
  actionNextUndecided,
  actionPrevUndecided,
  actionNextFlagged,
  actionPrevFlagged,
  actionNextCitation,
  actionPrevCitation,
  actionVerify,
  actionReject,
  actionFollowUp,
  actionUndo,
  actionVerifyPassed,
  actionNote,
  actionPrevRegion,
  actionNextRegion,
  actionShortcuts,
]);

export const reviewActions: readonly ReviewAction[] = reviewRegistry.actions;

export function actionForKey(key: string): ReviewAction | undefined {
  return reviewRegistry.forKey(key);
}

/** Whether a key event is ours: never while typing, never with Ctrl/Alt/Meta (browser and viewer shortcuts). */
export function isCommandKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'target' | 'isComposing'>): boolean {
  if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing) return false;
  return !isTextField(e.target);
}

/** Runs the action bound to `key`; true when one ran (the caller then prevents the default). */
export function runKey(key: string, ctx: ActionContext): boolean {
  return reviewRegistry.run(key, ctx);
}

import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import type { ReviewDecision } from '../../api/review-schema.ts';
import { isCommandKey, runKey } from './actions/registry.ts';
import { nextMatching } from './actions/step-claim.ts';
import type { ActionContext } from './actions/types.ts';
import { passedAllChecks, UNDECIDED, type ClaimDecision } from './decision-state.ts';
import type { DecisionInput } from './outbox/outbox.ts';
import { useReviewUiStore } from './review-ui-store.ts';
import { rowKey, type ClaimRow } from './review-types.ts';

// Every way a decision is made (keys, buttons, "verify passed", undo, a name given after the decision that asked for
// it) goes through `decide` here: it asks for the reviewer's name when there is none (and makes the decision once the
// name is saved), records what `u` puts back, saves through the outbox, and moves on to the next undecided claim.

export interface ReviewCommandsInput {
  /** Every claim of every turn, in order. */
  rows: readonly ClaimRow[];
  /** The rows the filter shows. */
  visible: readonly ClaimRow[];
  decisions: ReadonlyMap<string, ClaimDecision>;
  selectedKey: string | null;
  activeKey: string | null;
  /** The name saves are recorded under (the token's subject, or the typed name); empty when unknown. */
  reviewer: string;
  canDecide: boolean;
  modeOf(answerId: string): 'server' | 'local';
  save(input: DecisionInput, mode: 'server' | 'local'): Promise<void>;
  select(row: ClaimRow, how: 'pointer' | 'keyboard'): void;
  openCitation(row: ClaimRow, key: string): void;
  stepRegion(delta: 1 | -1): void;
}

export interface DecideOptions {
  /** Move to the next undecided claim afterwards (when the setting is on). */
  advance?: boolean;
  /** `u` can take it back (an undo itself cannot be undone by `u`). */
  undoable?: boolean;
}

export function useReviewCommands(input: ReviewCommandsInput) {
  const ui = useReviewUiStore();
  // Read through refs so the callbacks handed to the (memoized) cards keep their identity across saves; updated after
  // each render, before the browser can deliver an event.
  const latest = useRef(input);
  useLayoutEffect(() => {
    latest.current = input;
  });

  const decide = useCallback((key: string, decision: ReviewDecision | null, note: string | undefined, opts: DecideOptions = {}) => {
    const o = latest.current;
    const row = o.rows.find((r) => r.key === key);
    if (!row || !o.canDecide) return;
    const store = useReviewUiStore.getState();
    const current = o.decisions.get(key) ?? UNDECIDED;
    // The note on screen: a draft the reviewer left with Escape counts, the stored note otherwise.
    const text = note ?? store.drafts[key] ?? current.note;
    if (!o.reviewer) {
      store.askForReviewer({ answerId: row.answerId, claimId: row.claim.id, decision, note: text });
      return;
    }
    if (opts.undoable !== false)
      store.pushUndo({ answerId: row.answerId, before: [{ claimId: row.claim.id, decision: current.decision, note: current.note }] });
    void o.save(
      { answerId: row.answerId, claimId: row.claim.id, decision, note: text, baseVersion: current.version, reviewer: o.reviewer },
      o.modeOf(row.answerId),
    );
    store.setDraft(key, null);
    if (opts.advance && decision !== null && store.autoAdvance && key === o.selectedKey) {
      const ids = o.visible.map((r) => r.key);
      const next = nextMatching(ids, key, 1, (id) => id !== key && !o.decisions.get(id)?.decision);
      const target = next ? o.rows.find((r) => r.key === next) : undefined;
      if (target) o.select(target, 'keyboard');
    }
  }, []);

  // The decision that asked for the name is made once the name is there: `j v`, a name and Enter decide claim 1.
  const pendingReviewer = input.reviewer;
  useEffect(() => {
    if (!pendingReviewer) return;
    const pending = useReviewUiStore.getState().takePendingDecision();
    if (pending) decide(rowKey(pending.answerId, pending.claimId), pending.decision, pending.note, { advance: true });
  }, [pendingReviewer, decide]);

  const undo = useCallback(() => {
    const o = latest.current;
    const step = useReviewUiStore.getState().popUndo();
    if (!step) return;
    for (const before of step.before) decide(rowKey(step.answerId, before.claimId), before.decision, before.note, { undoable: false });
    // The claim it took back is where the reviewer goes on from.
    const first = step.before[0];
    const row = first ? o.rows.find((r) => r.key === rowKey(step.answerId, first.claimId)) : undefined;
    if (row && row.key !== o.selectedKey) o.select(row, 'keyboard');
  }, [decide]);

  /** The claims "verify passed" would decide now. */
  const passed = useCallback(() => {
    const o = latest.current;
    return o.rows.filter((r) => passedAllChecks(r.claim, o.decisions.get(r.key))).map((r) => r.key);
  }, []);

  const verifyPassed = useCallback(
    (keys: readonly string[]) => {
      const o = latest.current;
      if (!o.canDecide || !o.reviewer || keys.length === 0) return;
      const byAnswer = new Map<string, { claimId: string; decision: ReviewDecision | null; note: string }[]>();
      for (const key of keys) {
        const row = o.rows.find((r) => r.key === key);
        if (!row) continue;
        const current = o.decisions.get(key) ?? UNDECIDED;
        const list = byAnswer.get(row.answerId) ?? [];
        list.push({ claimId: row.claim.id, decision: current.decision, note: current.note });
        byAnswer.set(row.answerId, list);
        decide(key, 'verified', undefined, { undoable: false });
      }
      // One `u` takes the whole batch back.
      for (const [answerId, before] of byAnswer) useReviewUiStore.getState().pushUndo({ answerId, before });
    },
    [decide],
  );

  // ---- keyboard: one listener for the page while the panel is shown -----------------------------------------------
  const onCommandKey = useEffectEvent((e: KeyboardEvent) => {
    const o = latest.current;
    const selected = o.selectedKey ? o.rows.find((r) => r.key === o.selectedKey) : undefined;
    const citations = selected?.claim.citations ?? [];
    const ctx: ActionContext = {
      claimIds: o.visible.map((r) => r.key),
      selectedId: o.selectedKey,
      select: (key) => {
        const row = o.rows.find((r) => r.key === key);
        if (row) o.select(row, 'keyboard');
      },
      canDecide: o.canDecide,
      decide: (key, d) => decide(key, d, undefined, { advance: true }),
      isFlagged: (key) => (o.rows.find((r) => r.key === key)?.claim.flags.length ?? 0) > 0,
      isUndecided: (key) => !o.decisions.get(key)?.decision,
      citationCount: citations.length,
      cycleCitation: (delta) => {
        if (!selected || citations.length === 0) return;
        const at = citations.findIndex((c) => c.key === o.activeKey);
        // No citation of the claim open yet: `c` opens its first.
        const next = at < 0 ? (delta === 1 ? 0 : citations.length - 1) : (at + delta + citations.length) % citations.length;
        o.openCitation(selected, citations[next]!.key);
      },
      canUndo: useReviewUiStore.getState().undoStack.length > 0,
      undo,
      verifyPassed: () => ui.openDialog({ kind: 'verify-passed', claimIds: passed() }),
      focusNote: () => ui.requestNoteFocus(),
      stepRegion: o.stepRegion,
      openShortcuts: () => ui.openDialog({ kind: 'shortcuts' }),
    };
    if (runKey(e.key, ctx)) e.preventDefault();
  });
  // A layout effect: the listener is in place when the panel is first painted. As a passive effect it could come after
  // a key pressed at once (a busy page delivers input before React's deferred effects): the key was lost.
  useLayoutEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isCommandKey(e)) return;
      // A modal dialog is open: its own keys (Escape, Tab) only.
      if (document.querySelector('dialog[open]')) return;
      onCommandKey(e);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return { decide, undo, passed, verifyPassed };
}

import { create } from 'zustand';
import type { ReviewDecision } from '../../api/review-schema.ts';
import type { ClaimFilter } from './decision-state.ts';

// The review panel's UI state. The selected claim is NOT here: it is part of the link (app/navigation/url-state.ts), so the
// app owns it and passes it in.

const REVIEWER_KEY = 'citelens.reviewer';
const AUTO_ADVANCE_KEY = 'citelens.autoAdvance';

/** Auto-advance is on unless the reviewer turned it off in this browser. */
function readAutoAdvance(): boolean {
  try {
    return globalThis.localStorage?.getItem(AUTO_ADVANCE_KEY) !== 'off';
  } catch {
    return true;
  }
}

function writeAutoAdvance(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(AUTO_ADVANCE_KEY, on ? 'on' : 'off');
  } catch {
    // kept for this tab only
  }
}

/** localStorage may throw (sandboxed iframe, storage disabled): then the name lives in memory for this tab. */
function readReviewer(): { name: string; persistent: boolean } {
  try {
    return { name: globalThis.localStorage?.getItem(REVIEWER_KEY) ?? '', persistent: !!globalThis.localStorage };
  } catch {
    return { name: '', persistent: false };
  }
}

function writeReviewer(name: string): boolean {
  try {
    if (!globalThis.localStorage) return false;
    if (name) globalThis.localStorage.setItem(REVIEWER_KEY, name);
    else globalThis.localStorage.removeItem(REVIEWER_KEY);
    return true;
  } catch {
    return false;
  }
}

export type ReviewDialog = { kind: 'none' } | { kind: 'shortcuts' } | { kind: 'verify-passed'; claimIds: readonly string[] };

/** A decision tried before the reviewer gave a name: made as soon as the name is saved. */
export interface PendingDecision {
  answerId: string;
  claimId: string;
  decision: ReviewDecision | null;
  note: string;
}

/** What `u` puts back: each claim's decision and note from before a decision (several for "verify passed"). */
export interface UndoStep {
  answerId: string;
  before: readonly { claimId: string; decision: ReviewDecision | null; note: string }[];
}

/** How many decisions `u` can take back. */
const UNDO_DEPTH = 50;

interface ReviewUiState {
  /** Who decides: sent with every save (X-Citelens-Reviewer). Not a secret. */
  reviewer: string;
  /** False when the name cannot be kept across reloads (storage refused). */
  reviewerPersistent: boolean;
  /** Set when a decision was attempted with no name: the name field asks for it. */
  reviewerWanted: number;
  /** The decision that asked for the name, made once the name is saved (the prompt never swallows it). */
  pendingDecision: PendingDecision | null;
  /** After a decision, select the next undecided claim (kept in this browser). */
  autoAdvance: boolean;
  /** Notes typed and not saved (Escape leaves the box and keeps them), by rowKey (review-types.ts). */
  drafts: Readonly<Record<string, string>>;
  undoStack: readonly UndoStep[];
  filter: ClaimFilter;
  dialog: ReviewDialog;
  /** Bumped to ask the selected claim's note field to take focus. */
  noteFocusRequest: number;
  setReviewer(name: string): void;
  askForReviewer(pending?: PendingDecision): void;
  takePendingDecision(): PendingDecision | null;
  setAutoAdvance(on: boolean): void;
  setDraft(key: string, text: string | null): void;
  pushUndo(step: UndoStep): void;
  popUndo(): UndoStep | null;
  setFilter(filter: ClaimFilter): void;
  openDialog(dialog: ReviewDialog): void;
  closeDialog(): void;
  requestNoteFocus(): void;
}

const initial = readReviewer();

export const useReviewUiStore = create<ReviewUiState>()((set, get) => ({
  reviewer: initial.name,
  reviewerPersistent: initial.persistent,
  reviewerWanted: 0,
  pendingDecision: null,
  autoAdvance: readAutoAdvance(),
  drafts: {},
  undoStack: [],
  filter: { kind: 'all' },
  dialog: { kind: 'none' },
  noteFocusRequest: 0,
  setReviewer: (name) => {
    const trimmed = name.trim().slice(0, 100);
    set({ reviewer: trimmed, reviewerPersistent: writeReviewer(trimmed) });
  },
  askForReviewer: (pending) => set((s) => ({ reviewerWanted: s.reviewerWanted + 1, pendingDecision: pending ?? s.pendingDecision })),
  takePendingDecision: () => {
    const pending = get().pendingDecision;
    if (pending) set({ pendingDecision: null });
    return pending;
  },
  setAutoAdvance: (on) => {
    writeAutoAdvance(on);
    set({ autoAdvance: on });
  },
  setDraft: (key, text) =>
    set((s) => {
      if (text === null) {
        if (!(key in s.drafts)) return s;
        const drafts = { ...s.drafts };
        delete drafts[key];
        return { drafts };
      }
      return s.drafts[key] === text ? s : { drafts: { ...s.drafts, [key]: text } };
    }),
  pushUndo: (step) => set((s) => ({ undoStack: [...s.undoStack, step].slice(-UNDO_DEPTH) })),
  popUndo: () => {
    const stack = get().undoStack;
    const step = stack.at(-1) ?? null;
    if (step) set({ undoStack: stack.slice(0, -1) });
    return step;
  },
  setFilter: (filter) => set({ filter }),
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: { kind: 'none' } }),
  requestNoteFocus: () => set((s) => ({ noteFocusRequest: s.noteFocusRequest + 1 })),
}));

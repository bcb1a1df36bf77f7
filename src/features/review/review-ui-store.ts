import { create } from 'zustand';
import type { ClaimFilter } from './decision-state.ts';

// The review panel's UI state. The selected claim is NOT here: it is part of the link (app/url-state.ts), so the
// app owns it and passes it in.

const REVIEWER_KEY = 'citelens.reviewer';

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

export type ReviewDialog = { kind: 'none' } | { kind: 'shortcuts' };

interface ReviewUiState {
  /** Who decides: sent with every save (X-Citelens-Reviewer). Not a secret. */
  reviewer: string;
  /** False when the name cannot be kept across reloads (storage refused). */
  reviewerPersistent: boolean;
  /** Set when a decision was attempted with no name: the name field asks for it. */
  reviewerWanted: number;
  filter: ClaimFilter;
  dialog: ReviewDialog;
  /** Bumped to ask the selected claim's note field to take focus. */
  noteFocusRequest: number;
  setReviewer(name: string): void;
  askForReviewer(): void;
  setFilter(filter: ClaimFilter): void;
  openDialog(dialog: ReviewDialog): void;
  closeDialog(): void;
  requestNoteFocus(): void;
}

const initial = readReviewer();

export const useReviewUiStore = create<ReviewUiState>()((set) => ({
  reviewer: initial.name,
  reviewerPersistent: initial.persistent,
  reviewerWanted: 0,
  filter: { kind: 'all' },
  dialog: { kind: 'none' },
  noteFocusRequest: 0,
  setReviewer: (name) => {
    const trimmed = name.trim().slice(0, 100);
    set({ reviewer: trimmed, reviewerPersistent: writeReviewer(trimmed) });
  },
  askForReviewer: () => set((s) => ({ reviewerWanted: s.reviewerWanted + 1 })),
  setFilter: (filter) => set({ filter }),
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: { kind: 'none' } }),
  requestNoteFocus: () => set((s) => ({ noteFocusRequest: s.noteFocusRequest + 1 })),
}));

import { create } from 'zustand';
import type { DocumentCheck, ReviewChecks, SourceCheck } from '../../core/review/types.ts';

// What the background checks found so far, per answer: each document's load state and each source's status. The
// review rules (core/review reviewAnswer) read it; both panes show the result. Filled as documents load.

interface ReviewChecksState {
  byAnswer: Record<string, ReviewChecks>;
  setDocument(answerId: string, check: DocumentCheck): void;
  setSources(answerId: string, checks: Record<string, SourceCheck>): void;
}

export const useReviewChecksStore = create<ReviewChecksState>()((set) => ({
  byAnswer: {},
  setDocument: (answerId, check) =>
    set((s) => {
      const prev = s.byAnswer[answerId] ?? {};
      return { byAnswer: { ...s.byAnswer, [answerId]: { ...prev, documents: { ...prev.documents, [check.documentId]: check } } } };
    }),
  setSources: (answerId, checks) =>
    set((s) => {
      const prev = s.byAnswer[answerId] ?? {};
      return { byAnswer: { ...s.byAnswer, [answerId]: { ...prev, sources: { ...prev.sources, ...checks } } } };
    }),
}));

const NONE: ReviewChecks = {};

export function useReviewChecks(answerId: string): ReviewChecks {
  return useReviewChecksStore((s) => s.byAnswer[answerId] ?? NONE);
}

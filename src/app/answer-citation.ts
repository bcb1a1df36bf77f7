import { useMemo } from 'react';
import { buildAnswerModel } from '../core/model/answer-model.ts';
import type { Answer } from '../core/model/types.ts';
import { citationTarget } from './citation-target.ts';
import { useViewStore } from './view-store.ts';

// Shared by the answer pane (answer-view.tsx) and the viewer pane (viewer-pane.tsx, its own chunk).

/** The model and the cited target, derived from the answer and the URL; both panes read the same. */
export function useCitation(answer: Answer) {
  const view = useViewStore((s) => s.view);
  const nonce = useViewStore((s) => s.citeNonce);
  const model = modelFor(answer);
  const target = useMemo(
    () => (view.cite ? citationTarget(answer, model, view.cite, nonce, view.region !== undefined ? view.region - 1 : undefined) : null),
    // Stepping regions updates `region` but keeps the nonce, and the viewer re-targets only on a new nonce.
    [answer, model, view.cite, view.region, nonce],
  );
  return { view, model, target };
}

// Built once per answer object (React Query keeps it stable), shared by both panes.
const models = new WeakMap<Answer, ReturnType<typeof buildAnswerModel>>();
export function modelFor(answer: Answer) {
  let model = models.get(answer);
  if (!model) {
    model = buildAnswerModel(answer);
    models.set(answer, model);
  }
  return model;
}

import { useEffect, useMemo, useState } from 'react';
import { parseMayBeSlow, type ParsedMarkdown } from '../../core/markdown/parse-answer-markdown.ts';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { citationTarget } from '../navigation/citation-target.ts';
import { parseOffMain } from './markdown-client.ts';
import { useViewStore } from '../navigation/view-store.ts';

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
    model = buildAnswerModel(answer, undefined, parsed.get(answer));
    models.set(answer, model);
  }
  return model;
}

/**
 * Builds the answer's model ahead of the view (answer-route-start.ts), in a task of its own; not an answer whose
 * Markdown the worker is to parse (useAnswerFormatted): the view waits for that parse instead.
 */
export function prebuildModel(answer: Answer): void {
  if (!needsParseOffMain(answer)) modelFor(answer);
}

// A long answer's Markdown is parsed off the main thread first (markdown-client.ts), and its model built from that.
const parsed = new WeakMap<Answer, ParsedMarkdown>();
const parsing = new WeakMap<Answer, Promise<ParsedMarkdown>>();
const mayBeSlow = new WeakMap<Answer, boolean>();

function needsParseOffMain(answer: Answer): boolean {
  if (models.has(answer) || parsed.has(answer)) return false;
  let slow = mayBeSlow.get(answer);
  if (slow === undefined) mayBeSlow.set(answer, (slow = parseMayBeSlow(answer.text)));
  return slow;
}

/**
 * Whether `answer` can be drawn now: true at once for most answers; for a long one, once its Markdown has been
 * parsed off the main thread (or the parse ran out of time: then as plain text). undefined (no answer yet): true.
 */
export function useAnswerFormatted(answer: Answer | undefined): boolean {
  const waiting = answer !== undefined && needsParseOffMain(answer);
  const [, setDone] = useState<Answer | null>(null);
  useEffect(() => {
    if (!answer || !waiting) return;
    let live = true;
    let job = parsing.get(answer);
    if (!job) {
      job = parseOffMain(answer.text).then((tree) => {
        parsed.set(answer, tree);
        return tree;
      });
      parsing.set(answer, job);
    }
    void job.then(() => live && setDone(answer));
    return () => {
      live = false;
    };
  }, [answer, waiting]);
  return !waiting;
}

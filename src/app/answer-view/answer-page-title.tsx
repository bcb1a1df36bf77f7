import { useEffect } from 'react';
import type { Answer } from '../../core/model/types.ts';
import { useCitation } from './answer-citation.ts';
import { defaultDocumentId } from '../navigation/citation-target.ts';
import { useFocusRequest, usePageTitle } from '../layout/page-title.ts';

// The answer view's share of page-title.ts: its title, and the focus an answer opened from the home page takes.

/** The title of an answer view: the open citation and its document, then the question. */
export function AnswerPageTitle({ answer }: { answer: Answer }) {
  const { view, target } = useCitation(answer);
  const documentId = target?.documentId ?? view.doc ?? defaultDocumentId(answer);
  const document = answer.documents.find((d) => d.id === documentId)?.title;
  usePageTitle({
    kind: 'answer',
    answer: answer.question ?? answer.id,
    ...(document !== undefined && { document }),
    ...(target && { cite: target.markerKey }),
  });
  return null;
}

/**
 * Moves the focus to the loaded answer's heading (the question), or to the answer itself when it has none. The pane's
 * content arrives through a portal and lazily loaded parts, so it looks for a few frames before giving up.
 */
export function useHeadingFocus(loaded: boolean): void {
  useEffect(() => {
    if (!loaded || !useFocusRequest.getState().take()) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const target = document.querySelector<HTMLElement>('[data-pane="answer"] h1[tabindex], [data-pane="answer"] article[tabindex]');
      if (target) target.focus();
      else if (++tries < 60) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [loaded]);
}

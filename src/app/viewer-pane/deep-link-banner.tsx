import { useCallback, useState, type ReactNode } from 'react';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import type { HighlightTarget } from '../../core/model/highlight-target.ts';
import type { Answer } from '../../core/model/types.ts';
import type { DocumentTextCache } from '../../features/viewer/text-layer/text-cache.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { deepLinkProblem } from '../navigation/deep-link-notice.ts';
import { useViewStore } from '../navigation/view-store.ts';

// The viewer pane's side of links (docs/urls.md): what a link names that does not exist is said above the document
// (deep-link-notice.ts), and Back/Forward to a view without a citation brings the viewer to the link's page.

export function useDeepLink(answer: Answer, model: AnswerModel, target: HighlightTarget | null, documentId: string | undefined) {
  const view = useViewStore((s) => s.view);
  const t = useTranslate();
  const historySeq = useViewStore((s) => s.historySeq);
  // The shown document's page count, from the text cache the viewer hands out once the PDF is open.
  const [pages, setPages] = useState<{ documentId: string; count: number } | null>(null);
  const onTextCache = useCallback((id: string, cache: DocumentTextCache | null) => {
    if (cache) setPages({ documentId: id, count: cache.pageCount });
  }, []);
  const pageCount = pages && pages.documentId === documentId ? pages.count : null;
  // The page the link asked for: the viewer writes the page it shows (page 1 for `page=500` on a 12-page document)
  // into the URL before the page count is known, so the request is kept here until the reader moves on (opens a
  // citation, goes Back/Forward or opens another answer).
  const [linked, setLinked] = useState(() => ({ answerId: answer.id, page: view.page, seq: historySeq }));
  const linkInForce = linked.page !== undefined && linked.answerId === answer.id && linked.seq === historySeq && !target;
  if (linked.page !== undefined && !linkInForce) setLinked({ answerId: answer.id, page: undefined, seq: historySeq });
  const asked = linkInForce ? { ...view, page: linked.page } : view;
  const problem = deepLinkProblem({ view: asked, answer, model, target, pageCount }, t);
  const historyPage = !target && historySeq > 0 ? { page: view.page ?? 1, seq: historySeq } : null;
  return { problem, onTextCache, historyPage };
}

/** The notice above the document, when there is one; the document below it either way. */
export function DeepLinkFrame({ problem, children }: { problem: string | null; children: ReactNode }) {
  if (!problem) return children;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <p role="status" data-deep-link-notice="" className="border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-xs font-medium text-amber-900">
        {problem}
      </p>
      <div className="min-h-0 flex-1">{children}</div>
    </div>
  );
}

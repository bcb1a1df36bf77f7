import { useMemo } from 'react';
import type { HighlightTarget } from '../../../core/model/highlight-target.ts';
import { labelNote, resolvePageLabel } from '../../../core/pages/page-labels.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';

// A citation that names its page only as printed ("iv", "A-3") gets its physical page here, once the document's
// labels are read. Until then there is no target (nothing to scroll to yet); a label that names no single page
// leaves the page unset, so the quote is searched for in the whole document, and says so in `pageNote`.

export function useLabelledTarget(
  target: HighlightTarget | null,
  /** undefined while the labels are being read. */
  labels: readonly string[] | null | undefined,
  pageCount: number,
): HighlightTarget | null {
  const t = useTranslate();
  const needsLabel = !!target && target.page === undefined && !!target.pageLabel?.trim();
  return useMemo(() => {
    if (!target || !needsLabel) return target;
    if (labels === undefined) return null;
    const label = target.pageLabel!.trim();
    const resolution = resolvePageLabel(labels, label, pageCount);
    if (resolution.kind === 'page') return { ...target, page: resolution.page };
    const note = labelNote(resolution, label, t);
    return note ? { ...target, pageNote: note } : target;
  }, [target, needsLabel, labels, pageCount, t]);
}

import type { CitationVerdict } from '../../core/review/citation-verdict.ts';
import type { Translate } from '../../core/i18n/translate.ts';
import type { ViewerCitationCheck } from '../../features/viewer/citation-checks.ts';
import { verdictBadge } from '../review-pane/status-badge.ts';

// The verdicts of the answer's citations as the viewer reads them (features/viewer/citation-checks.ts): the same tone
// and sentence as the markers and the claim cards, where a source's quote really is when its own boxes miss it, and
// the document's words that differ from a quote.

export function viewerChecks(verdicts: Readonly<Record<string, CitationVerdict>>, t: Translate): Map<string, ViewerCitationCheck> {
  const out = new Map<string, ViewerCitationCheck>();
  for (const [sourceId, verdict] of Object.entries(verdicts)) {
    const { status } = verdict;
    const check: ViewerCitationCheck = { tone: verdict.tone, text: verdictBadge(verdict, t).long };
    const foundAt = status.kind === 'located' || status.kind === 'approximate' || status.kind === 'wrong-page' ? status.rects : [];
    if (verdict.boxesMiss && foundAt.length > 0) check.foundInstead = foundAt;
    if (verdict.worst?.code === 'highlight-misses-evidence') check.boxesOnly = true;
    if (status.kind === 'differs') {
      const marks = status.differences.flatMap((d) => d.rects);
      if (marks.length > 0) check.marks = marks;
    }
    out.set(sourceId, check);
  }
  return out;
}

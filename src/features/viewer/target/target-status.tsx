import type { ReactNode } from 'react';
import type { TargetRects } from './use-target-rects.ts';
import type { ViewerCitationCheck } from '../citation-checks.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';

// What the viewer says about the current target, floating over the pages (an overlay, so showing or hiding it never
// resizes the scroll container, which in a fit mode would rescale the pages). The passage counter ("Region 1 of 2")
// is not here: it covered the page's text on every citation, so it is in the toolbar (viewer-toolbar.tsx). "Locating…",
// "not located" and the passage counter are not live: the arrival ("…, passage not found" included) and every region step are said by the page's one
// citation announcer (app, via the `anchored` and `region-changed` events), and a second live region said them again on top of it.
// Only the notes are live (and the reason a passage was not located, when there is one): they add what only the
// viewer knows.

interface TargetStatusProps {
  located: Exclude<TargetRects, { kind: 'idle' }> | null;
  /** The citation's verdict from the page's checks (citation-checks.ts), when they have one. */
  check?: ViewerCitationCheck | undefined;
  /** Switch between the source's own boxes and the words found instead (when the boxes miss the quote). */
  onToggleBoxes(): void;
}

export function TargetStatus({ located, check, onToggleBoxes }: TargetStatusProps) {
  const t = useTranslate();
  if (!located) return null;
  switch (located.kind) {
    case 'locating':
      return (
        <Float>
          <p data-target-status="locating" className="flex items-center gap-2 px-3 py-1.5 text-xs text-slate-600">
            <span className="size-2 animate-pulse rounded-full bg-blue-600 motion-reduce:animate-none" aria-hidden />
            {t('viewer.locating')}
          </p>
        </Float>
      );
    case 'not-found':
      // "Not located on page n" repeats the announcer; a reason (no text layer, no such page) is a note: live.
      return (
        <Float>
          <p role={located.reason ? 'status' : undefined} data-target-status="not-found" className="px-3 py-1.5 text-xs font-medium text-amber-800">
            {located.reason?.(t) ?? t('viewer.notLocated', { page: located.page })}
          </p>
        </Float>
      );
    case 'found': {
      const notes = located.notes.map((note) => note(t));
      // An error is said in red over the page: the viewer's own (the passage drawn is not the quote's words), else
      // the verdict of the page's checks when one failed, in the same words as the marker and the claim card.
      // (Boxes that miss the quote, when nothing else is wrong, are said by the line that offers both.)
      const said = check && (check.tone === 'bad' || check.tone === 'warn') && !(located.boxes && check.boxesOnly);
      const problem = located.problem?.(t) ?? (said ? check.text : undefined);
      const severe = located.problem !== undefined || check?.tone === 'bad';
      if (notes.length === 0 && !problem && !located.boxes) return null;
      return (
        <Float>
          {problem ? (
            <p
              role="status"
              data-citation-problem={severe ? 'error' : 'warning'}
              className={`max-w-prose px-3 py-1.5 text-xs font-medium ${severe ? 'text-rose-800' : 'text-orange-800'}`}
            >
              <span aria-hidden className="me-1">
                {severe ? '✕' : '!'}
              </span>
              {problem}
            </p>
          ) : null}
          {located.boxes ? (
            <div
              data-boxes-choice={located.boxes}
              className="flex flex-wrap items-center gap-2 border-t border-slate-100 px-3 py-1.5 text-xs text-slate-700 first:border-t-0"
            >
              <span>{t(located.boxes === 'found' ? 'passage.boxesMiss' : 'passage.givenBoxesShown')}</span>
              <button type="button" className={`${navButton} border border-slate-300`} onClick={onToggleBoxes}>
                {t(located.boxes === 'found' ? 'passage.showGivenBoxes' : 'passage.showFoundWords')}
              </button>
            </div>
          ) : null}
          {notes.map((note) => (
            <p key={note} role="status" data-highlight-note="" className="border-t border-slate-100 px-3 py-1.5 text-xs text-amber-800 first:border-t-0">
              {note}
            </p>
          ))}
        </Float>
      );
    }
    default: {
      const never: never = located;
      return never;
    }
  }
}

// aria-disabled keeps the focus on a region button that reaches the end (Enter pressed on Next until the last).
const navButton =
  'rounded px-2 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 aria-disabled:cursor-default aria-disabled:opacity-40 aria-disabled:hover:bg-transparent';

function Float({ children }: { children: ReactNode }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 top-3 z-20 flex justify-center">
      <div className="pointer-events-auto rounded-md border border-slate-200 bg-white/95 shadow-sm backdrop-blur">{children}</div>
    </div>
  );
}

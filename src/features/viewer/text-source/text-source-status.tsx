import { passageNoteText, type TextPassage } from '../../../core/text-source/text-passage.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';

// What the text viewer says about the current citation, floating over the text as the PDF viewer's status does:
// "Region n of m" with Previous/Next, and notes (a section path that matched only in part, offsets that did not fit
// the quote, a quote that is not in the document).

interface TextSourceStatusProps {
  passage: TextPassage | null;
  regionCount: number;
  activeRegion: number;
  onStep(delta: number): void;
}

export function TextSourceStatus({ passage, regionCount, activeRegion, onStep }: TextSourceStatusProps) {
  const t = useTranslate();
  if (!passage) return null;
  const notes = passage.by === 'none' && passage.notes.length === 0 ? [t('viewer.nothingToShow')] : passage.notes.map((note) => passageNoteText(note, t));
  if (regionCount < 2 && notes.length === 0) return null;
  return (
    <div className="pointer-events-none absolute inset-x-0 top-3 z-20 flex justify-center">
      <div className="pointer-events-auto rounded-md border border-slate-200 bg-white/95 shadow-sm backdrop-blur">
        {regionCount >= 2 ? (
          <div className="flex items-center gap-1 px-1 py-1 text-xs text-slate-700" role="group" aria-label={t('viewer.regions')}>
            <button
              type="button"
              className={navButton}
              onClick={() => activeRegion > 0 && onStep(-1)}
              aria-disabled={activeRegion <= 0 || undefined}
              aria-label={t('viewer.previousRegion')}
            >
              <span aria-hidden>‹</span> {t('viewer.previous')}
            </button>
            <span className="px-1 tabular-nums">{t('viewer.regionOf', { region: activeRegion + 1, count: regionCount })}</span>
            <button
              type="button"
              className={navButton}
              onClick={() => activeRegion < regionCount - 1 && onStep(1)}
              aria-disabled={activeRegion >= regionCount - 1 || undefined}
              aria-label={t('viewer.nextRegion')}
            >
              {t('viewer.next')} <span aria-hidden>›</span>
            </button>
          </div>
        ) : null}
        {notes.map((note) => (
          <p key={note} role="status" data-highlight-note="" className="border-t border-slate-100 px-3 py-1.5 text-xs text-amber-800 first:border-t-0">
            {note}
          </p>
        ))}
      </div>
    </div>
  );
}

// aria-disabled keeps the focus on a region button that reaches the end (Enter pressed on Next until the last).
const navButton =
  'rounded px-2 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 aria-disabled:cursor-default aria-disabled:opacity-40 aria-disabled:hover:bg-transparent';

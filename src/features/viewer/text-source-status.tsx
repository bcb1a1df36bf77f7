import type { TextPassage } from '../../core/text-source/text-passage.ts';

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
  if (!passage) return null;
  const notes = passage.by === 'none' && passage.notes.length === 0 ? ['The citation gives no offsets, quote or section to show.'] : passage.notes;
  if (regionCount < 2 && notes.length === 0) return null;
  return (
    <div className="pointer-events-none absolute inset-x-0 top-3 z-20 flex justify-center">
      <div className="pointer-events-auto rounded-md border border-slate-200 bg-white/95 shadow-sm backdrop-blur">
        {regionCount >= 2 ? (
          <div className="flex items-center gap-1 px-1 py-1 text-xs text-slate-700" role="group" aria-label="Highlight regions">
            <button type="button" className={navButton} onClick={() => onStep(-1)} disabled={activeRegion <= 0} aria-label="Previous region">
              ‹ Prev
            </button>
            <span className="px-1 tabular-nums" aria-live="polite">
              Region {activeRegion + 1} of {regionCount}
            </span>
            <button type="button" className={navButton} onClick={() => onStep(1)} disabled={activeRegion >= regionCount - 1} aria-label="Next region">
              Next ›
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

const navButton =
  'rounded px-2 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent';

import type { ClaimRecord, ReviewDecision } from '../../api/review-schema.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { formatTime } from './claim-history.tsx';
import { mergeNotes } from './decision-state.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { DecisionChip } from './review-bits.tsx';

// Someone saved this claim after the reviewer last saw it. Both versions side by side; nothing is overwritten
// until the reviewer picks one. Closing without choosing keeps the conflict (it stays marked on the claim). When both
// wrote a note, a third choice keeps the reviewer's decision with both notes, shown as they will be saved: "Keep
// mine" would drop the colleague's words, and nothing is dropped unseen.

/** What the reviewer chose: a version, or their decision with `note` (the merged notes). */
export interface ConflictChoice {
  keep: 'theirs' | 'mine';
  note?: string;
}

export interface ConflictView {
  /** The outbox entry in conflict. */
  entryKey: string;
  claimIndex: number;
  claimText: string;
  theirs: ClaimRecord;
  mine: { decision: ReviewDecision | null; note: string; reviewer: string; decidedAt?: string };
}

interface ConflictDialogProps {
  conflict: ConflictView;
  onResolve(choice: ConflictChoice): void;
  onClose(): void;
}

export function ConflictDialog({ conflict, onResolve, onClose }: ConflictDialogProps) {
  const { theirs, mine } = conflict;
  const t = useTranslate();
  const merged = mergeNotes(theirs.note, mine.note);
  // Worth offering only when it keeps more than "Keep mine" does.
  const canMerge = merged !== mine.note && merged !== theirs.note;
  return (
    <ModalDialog title={t('review.conflictTitle')} onClose={onClose} wide>
      <p className="text-sm text-slate-600">
        {t('review.claimN', { n: conflict.claimIndex + 1 })} <span className="italic text-slate-800">“{conflict.claimText}”</span>
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Version
          title={t('review.theirs')}
          who={theirs.reviewer || t('review.unknownReviewer')}
          when={theirs.updatedAt}
          decision={theirs.decision}
          note={theirs.note}
          testId="theirs"
        />
        <Version
          title={t('review.yours')}
          who={mine.reviewer || t('review.you')}
          when={mine.decidedAt}
          decision={mine.decision}
          note={mine.note}
          testId="mine"
        />
      </div>
      {canMerge ? (
        <section aria-label={t('review.mergedNote')} data-version="merged" className="mt-3 rounded-lg border border-indigo-200 bg-indigo-50/50 p-3">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t('review.mergedNote')}</h3>
          <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-800">{merged}</p>
        </section>
      ) : null}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={() => onResolve({ keep: 'theirs' })}
          className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {t('review.keepTheirs')}
        </button>
        <button
          type="button"
          onClick={() => onResolve({ keep: 'mine' })}
          className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
        >
          {t('review.keepMine')}
        </button>
        {canMerge ? (
          <button
            type="button"
            onClick={() => onResolve({ keep: 'mine', note: merged })}
            className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
          >
            {t('review.keepMineMergeNotes')}
          </button>
        ) : null}
      </div>
    </ModalDialog>
  );
}

interface VersionProps {
  title: string;
  who: string;
  when: string | undefined;
  decision: ReviewDecision | null;
  note: string;
  testId: string;
}

function Version({ title, who, when, decision, note, testId }: VersionProps) {
  const t = useTranslate();
  return (
    <section aria-label={title} data-version={testId} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <div className="mt-2">
        <DecisionChip decision={decision} />
      </div>
      <p className="mt-2 min-h-8 whitespace-pre-wrap break-words text-sm text-slate-700">
        {note || <span className="text-slate-400">{t('review.noNote')}</span>}
      </p>
      <p className="mt-2 text-xs text-slate-500">
        {who}
        {when ? ` · ${formatTime(when)}` : ''}
      </p>
    </section>
  );
}

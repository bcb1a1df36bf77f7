import { memo, useEffect, useRef } from 'react';
import type { ReviewDecision } from '../../api/review-schema.ts';
import { blockLanguage } from '../../core/language/script-language.ts';
import { REVIEW_DECISIONS } from '../../core/review/decisions.ts';
import { flagReason } from '../../core/review/review-text.ts';
import type { ReviewFlag } from '../../core/review/types.ts';
import { ClaimHistory } from './claim-history.tsx';
import type { ClaimDecision } from './decision-state.ts';
import { BadgeDot, DECISION_LABEL_KEY, DECISION_STYLE, DecisionChip, SeverityIcon, SyncNote, toneClasses } from './review-bits.tsx';
import { rowKey, type PanelClaim } from './review-types.ts';
import { useReviewUiStore } from './review-ui-store.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

interface ClaimCardProps {
  answerId: string;
  claim: PanelClaim;
  index: number;
  decision: ClaimDecision;
  selected: boolean;
  activeKey: string | null;
  /** Bumped by the `n` action: the selected card's note takes focus. */
  noteFocusRequest: number;
  historyEnabled: boolean;
  /** False when this page cannot save (a sandboxed frame without a token): the decision buttons are disabled. */
  canDecide: boolean;
  /** Who the reviewer is: a decision saved by anyone else names them on the card. */
  me: string;
  onSelect(answerId: string, claimId: string): void;
  onOpenCitation(answerId: string, claimId: string, key: string): void;
  onOpenFlag(answerId: string, claimId: string, flag: ReviewFlag): void;
  onDecide(answerId: string, claimId: string, decision: ReviewDecision | null, note: string): void;
  onRetry(): void;
  /** Reopens the conflict dialog after "later". */
  onResolveConflict(): void;
}

export const ClaimCard = memo(function ClaimCard(props: ClaimCardProps) {
  const { answerId, claim, index, decision, selected, activeKey, me, onSelect, onOpenCitation, onOpenFlag, onRetry, onResolveConflict } = props;
  const t = useTranslate();
  const ref = useRef<HTMLLIElement>(null);

  // Keep the selected claim in view (j/k, a link, a click in the answer); `nearest` does not jump when it already is.
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const errors = claim.flags.filter((f) => f.severity === 'error').length;
  return (
    <li
      ref={ref}
      data-claim-id={claim.id}
      data-decision={decision.decision ?? undefined}
      aria-current={selected ? 'true' : undefined}
      // The selected claim's bar is a border on the inline start (the right in a right-to-left UI), not an inset
      // shadow on the left: it mirrors, and forced colours keep a border (in Highlight) where they drop shadows.
      className={`group relative scroll-mt-24 border-b border-slate-100 pe-3 py-2.5 transition-colors ${
        selected ? 'border-s-[3px] border-s-indigo-500 bg-indigo-50/60 ps-[9px] forced-colors:border-s-[Highlight]' : 'ps-3 hover:bg-slate-50'
      }`}
    >
      <button
        type="button"
        onClick={() => onSelect(answerId, claim.id)}
        // Named by its content ("Claim 3: … Verified"), not an aria-label: a label must contain what is visible (the
        // decision too) for people who click by saying what they see.
        className="flex w-full items-start gap-2 rounded text-start focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <span className={`mt-0.5 w-5 shrink-0 text-end text-[11px] font-semibold tabular-nums ${errors ? 'text-rose-700' : 'text-slate-600'}`}>
          <span aria-hidden>{index + 1}</span>
          <span className="sr-only">{t('review.claimN', { n: index + 1 })}</span>
        </span>
        <span
          dir="auto"
          lang={blockLanguage(claim.text)}
          className={`min-w-0 flex-1 text-[13px] leading-snug text-slate-800 ${selected ? '' : 'line-clamp-3'}`}
        >
          {claim.text}
        </span>
        <span className="flex shrink-0 flex-col items-end gap-0.5">
          <DecisionChip decision={decision.decision} />
          {/* A colleague's decision says whose it is (it may have just arrived over the live stream). */}
          {decision.decision && decision.reviewer && decision.reviewer !== me ? (
            <span data-decided-by="" className="text-[10px] text-slate-600">
              {t('review.decidedBy', { reviewer: decision.reviewer })}
            </span>
          ) : null}
        </span>
      </button>

      <div className="ms-7 mt-1.5 space-y-1.5">
        {claim.citations.length > 0 ? (
          <ul aria-label={t('review.citations')} className="flex flex-wrap gap-1">
            {claim.citations.map((c) => {
              const active = selected && activeKey === c.key;
              return (
                <li key={`${c.key}-${c.sourceId}`}>
                  <button
                    type="button"
                    data-citation-key={c.key}
                    data-status-tone={c.badge.tone}
                    title={c.badge.long}
                    onClick={() => onOpenCitation(answerId, claim.id, c.key)}
                    className={`inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-[11px] leading-none focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                      toneClasses(c.badge.tone).chip
                    } ${active ? 'ring-2 ring-indigo-400 forced-colors:outline-2 forced-colors:outline-[Highlight]' : ''}`}
                  >
                    {/* Named by what it shows, "Open citation [2] Found", and described by the badge's long text (title). */}
                    <span className="sr-only">{t('review.openCitation')} </span>
                    <span className="font-semibold">[{c.key}]</span>
                    <BadgeDot badge={c.badge} />
                    <span>{c.badge.short}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}

        {claim.flags.length > 0 ? (
          <ul aria-label={t('review.flags')} className="space-y-0.5">
            {claim.flags.map((flag, i) => (
              <li key={`${flag.code}-${i}`}>
                <button
                  type="button"
                  data-flag={flag.code}
                  onClick={() => onOpenFlag(answerId, claim.id, flag)}
                  className="flex w-full items-start gap-1.5 rounded px-1 py-0.5 text-start text-[12px] leading-snug text-slate-700 hover:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  <SeverityIcon severity={flag.severity} />
                  <span className={selected ? '' : 'line-clamp-2'}>{flagReason(flag, t)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}

        {claim.checkedBy ? (
          <p data-support-note="judge" dir="auto" className="px-1 text-[12px] leading-snug text-slate-600">
            {claim.checkedBy}
          </p>
        ) : null}

        <SyncNote sync={decision.sync} onRetry={onRetry} onResolve={onResolveConflict} />

        {selected ? <DecisionControls {...props} /> : null}
      </div>
    </li>
  );
});

function DecisionControls({ answerId, claim, decision, noteFocusRequest, historyEnabled, canDecide, onDecide }: ClaimCardProps) {
  const t = useTranslate();
  const key = rowKey(answerId, claim.id);
  // An unsaved note lives in the panel's store: it outlives the box (Escape, another claim) until saved or discarded.
  const stored = useReviewUiStore((s) => s.drafts[key]);
  const setDraft = useReviewUiStore((s) => s.setDraft);
  const draft = stored ?? decision.note;
  const unsaved = stored !== undefined && stored !== decision.note;
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const groupRef = useRef<HTMLDivElement>(null);
  /** Set by Escape: the blur that follows leaves the box without saving. */
  const leaving = useRef(false);

  const firstRequest = useRef(noteFocusRequest);
  useEffect(() => {
    if (noteFocusRequest !== firstRequest.current) noteRef.current?.focus();
  }, [noteFocusRequest]);

  const commitNote = () => {
    if (unsaved) onDecide(answerId, claim.id, decision.decision, draft);
  };

  return (
    <div className="@container space-y-2 pt-1">
      <div ref={groupRef} role="group" aria-label={t('review.decision')} className="grid grid-cols-3 gap-1">
        {REVIEW_DECISIONS.map((d) => {
          const s = DECISION_STYLE[d];
          const on = decision.decision === d;
          return (
            <button
              key={d}
              type="button"
              aria-pressed={on}
              aria-keyshortcuts={s.key}
              disabled={!canDecide}
              // Pressing the chosen decision again clears it: the mouse's way to undo.
              onClick={() => onDecide(answerId, claim.id, on ? null : d, draft)}
              className={`inline-flex min-w-0 items-center justify-center gap-1 whitespace-nowrap rounded-md px-1.5 py-1 text-xs font-medium ring-1 transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 ${
                // Forced colours repaint every button alike: the chosen decision takes the selection colours.
                on
                  ? `${s.on} forced-colors:forced-color-adjust-none forced-colors:bg-[Highlight] forced-colors:text-[HighlightText]`
                  : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'
              }`}
            >
              <span aria-hidden>{s.icon}</span>
              {t(DECISION_LABEL_KEY[d])}
              <kbd className={`ms-0.5 hidden rounded px-1 font-mono text-[10px] @[19rem]:inline ${on ? 'bg-white/20' : 'bg-slate-100 text-slate-600'}`}>
                {s.key}
              </kbd>
            </button>
          );
        })}
      </div>
      <label className="block">
        <span className="sr-only">{t('review.note')}</span>
        <textarea
          ref={noteRef}
          value={draft}
          rows={2}
          maxLength={2000}
          disabled={!canDecide}
          placeholder={t('review.notePlaceholder')}
          onChange={(e) => setDraft(key, e.target.value)}
          onBlur={(e) => {
            if (leaving.current) leaving.current = false;
            // Leaving for a decision button: that decision saves the note with it. Saving it here first showed
            // "Saving…" above the buttons, and the moved button lost the click that was under way.
            else if (!(e.relatedTarget instanceof Node && groupRef.current?.contains(e.relatedTarget))) commitNote();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              e.currentTarget.blur();
            } else if (e.key === 'Escape') {
              // Escape leaves the box and keeps what was typed, unsaved and said to be (it used to throw it away).
              e.preventDefault();
              leaving.current = true;
              e.currentTarget.blur();
            }
          }}
          className="block w-full resize-y rounded-md border border-slate-200 bg-white px-2 py-1.5 text-xs text-slate-800 placeholder:text-slate-500 focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-100"
        />
      </label>
      {unsaved ? (
        <p data-note-draft="" className="flex flex-wrap items-center gap-1.5 text-[11px] text-amber-900">
          {t('review.noteUnsaved')}
          <button
            type="button"
            onClick={commitNote}
            className="rounded px-1 font-medium underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {t('review.saveNote')}
          </button>
          <button
            type="button"
            onClick={() => setDraft(key, null)}
            className="rounded px-1 font-medium underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {t('review.discardNote')}
          </button>
        </p>
      ) : null}
      <ClaimHistory answerId={answerId} claimId={claim.id} enabled={historyEnabled} />
    </div>
  );
}

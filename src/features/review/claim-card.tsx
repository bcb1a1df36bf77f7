import { memo, useEffect, useRef, useState } from 'react';
import type { ReviewDecision } from '../../api/review-schema.ts';
import { reviewDecisions } from '../../api/review-schema.ts';
import { blockLanguage } from '../../core/language/script-language.ts';
import { flagReason } from '../../core/review/review-text.ts';
import type { ReviewFlag } from '../../core/review/types.ts';
import { ClaimHistory } from './claim-history.tsx';
import type { ClaimDecision } from './decision-state.ts';
import { BadgeDot, DECISION_LABEL_KEY, DECISION_STYLE, DecisionChip, SeverityIcon, SyncNote, toneClasses } from './review-bits.tsx';
import type { PanelClaim } from './review-types.ts';
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
  onSelect(claimId: string): void;
  onOpenCitation(claimId: string, key: string): void;
  onOpenFlag(claimId: string, flag: ReviewFlag): void;
  onDecide(claimId: string, decision: ReviewDecision | null, note: string): void;
  onRetry(): void;
  /** Reopens the conflict dialog after "later". */
  onResolveConflict(): void;
}

export const ClaimCard = memo(function ClaimCard(props: ClaimCardProps) {
  const { claim, index, decision, selected, activeKey, onSelect, onOpenCitation, onOpenFlag, onRetry, onResolveConflict } = props;
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
        onClick={() => onSelect(claim.id)}
        // Named by its content ("Claim 3: … Verified"), not an aria-label: a label must contain what is visible (the
        // decision too) for people who click by saying what they see.
        className="flex w-full items-start gap-2 rounded text-start focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <span className={`mt-0.5 w-5 shrink-0 text-end text-[11px] font-semibold tabular-nums ${errors ? 'text-rose-700' : 'text-slate-600'}`}>
          <span aria-hidden>{index + 1}</span>
          <span className="sr-only">{t('review.claimN', { n: index + 1 })}</span>
        </span>
        <span dir="auto" lang={blockLanguage(claim.text)} className={`min-w-0 flex-1 text-[13px] leading-snug text-slate-800 ${selected ? '' : 'line-clamp-3'}`}>
          {claim.text}
        </span>
        <span className="shrink-0">
          <DecisionChip decision={decision.decision} />
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
                    onClick={() => onOpenCitation(claim.id, c.key)}
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
                  onClick={() => onOpenFlag(claim.id, flag)}
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

function DecisionControls({ answerId, claim, decision, noteFocusRequest, historyEnabled, onDecide }: ClaimCardProps) {
  const t = useTranslate();
  const [draft, setDraft] = useState(decision.note);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  // A note saved elsewhere (a conflict resolved, another reviewer) replaces the draft unless it is being edited.
  useEffect(() => {
    if (document.activeElement !== noteRef.current) setDraft(decision.note);
  }, [decision.note]);

  const firstRequest = useRef(noteFocusRequest);
  useEffect(() => {
    if (noteFocusRequest !== firstRequest.current) noteRef.current?.focus();
  }, [noteFocusRequest]);

  const commitNote = () => {
    if (draft !== decision.note) onDecide(claim.id, decision.decision, draft);
  };

  return (
    <div className="@container space-y-2 pt-1">
      <div role="group" aria-label={t('review.decision')} className="grid grid-cols-3 gap-1">
        {reviewDecisions.map((d) => {
          const s = DECISION_STYLE[d];
          const on = decision.decision === d;
          return (
            <button
              key={d}
              type="button"
              aria-pressed={on}
              aria-keyshortcuts={s.key}
              // Pressing the chosen decision again clears it: the mouse's way to undo.
              onClick={() => onDecide(claim.id, on ? null : d, draft)}
              className={`inline-flex min-w-0 items-center justify-center gap-1 whitespace-nowrap rounded-md px-1.5 py-1 text-xs font-medium ring-1 transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                // Forced colours repaint every button alike: the chosen decision takes the selection colours.
                on ? `${s.on} forced-colors:forced-color-adjust-none forced-colors:bg-[Highlight] forced-colors:text-[HighlightText]` : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'
              }`}
            >
              <span aria-hidden>{s.icon}</span>
              {t(DECISION_LABEL_KEY[d])}
              <kbd className={`ms-0.5 hidden rounded px-1 font-mono text-[10px] @[19rem]:inline ${on ? 'bg-white/20' : 'bg-slate-100 text-slate-600'}`}>{s.key}</kbd>
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
          placeholder={t('review.notePlaceholder')}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commitNote}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.blur();
            } else if (e.key === 'Escape') {
              setDraft(decision.note);
              // Blur after the reset renders, so the blur does not save the abandoned text.
              const el = e.currentTarget;
              requestAnimationFrame(() => el.blur());
            }
          }}
          className="block w-full resize-y rounded-md border border-slate-200 bg-white px-2 py-1.5 text-xs text-slate-800 placeholder:text-slate-400 focus:border-indigo-400 focus:outline-none focus:ring-2 focus:ring-indigo-100"
        />
      </label>
      <ClaimHistory answerId={answerId} claimId={claim.id} enabled={historyEnabled} />
    </div>
  );
}

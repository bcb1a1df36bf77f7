import { useCallback, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReviewDecision } from '../../api/review-schema.ts';
import { useAnswerReview } from '../../api/review-queries.ts';
import type { FlagCode, ReviewFlag, ReviewReportSummary } from '../../core/review/types.ts';
import type { ReviewExport } from '../../core/review/export.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { isCommandKey, runKey } from './actions/registry.ts';
import type { ActionContext } from './actions/types.ts';
import { ChunkedList, CHUNKED_MIN_ITEMS } from './chunked-list.tsx';
import { ClaimCard } from './claim-card.tsx';
import { ConflictDialog, type ConflictView } from './conflict-dialog.tsx';
import { matchesFilter, mergeDecisions, reviewProgress, UNDECIDED, type ClaimDecision } from './decision-state.ts';
import { ReviewBanner } from './review-banner.tsx';
import { ReviewHeader } from './review-header.tsx';
import { useLocalRecords, useOutboxSnapshot, useReviewSync } from './review-sync.tsx';
import type { PanelClaim } from './review-types.ts';
import { useReviewUiStore } from './review-ui-store.ts';
import { ShortcutsDialog, type ShortcutGroup } from './shortcuts-dialog.tsx';

export interface ReviewPanelProps {
  answerId: string;
  /** Claims in answer order. */
  claims: readonly PanelClaim[];
  answerFlags: readonly ReviewFlag[];
  report: ReviewReportSummary | null;
  /** `local` when the answer did not come from the server: decisions then stay in this browser. */
  origin: 'server' | 'local';
  selectedClaimId: string | null;
  /** The marker key the viewer shows, when it belongs to the selected claim. */
  activeKey: string | null;
  onSelectClaim(claimId: string, how: 'pointer' | 'keyboard'): void;
  onOpenCitation(claimId: string, key: string): void;
  onOpenFlag(claimId: string | null, flag: ReviewFlag): void;
  onStepRegion(delta: 1 | -1): void;
  /** Builds the export from the panel's current decisions. */
  exportReview?(decisions: ReadonlyMap<string, ClaimDecision>): ReviewExport;
  /** Other parts of the page's shortcuts (the viewer's), listed under `?` after the review's. */
  moreShortcuts?: readonly ShortcutGroup[];
}

export function ReviewPanel(props: ReviewPanelProps) {
  const { answerId, claims, answerFlags, report, origin, selectedClaimId, activeKey, onSelectClaim, onOpenCitation, onOpenFlag, onStepRegion, exportReview, moreShortcuts } = props;
  const server = useAnswerReview(answerId);
  const sync = useReviewSync();
  const snapshot = useOutboxSnapshot();
  const t = useTranslate();
  const local = useLocalRecords(answerId);
  const ui = useReviewUiStore();
  const mode: 'server' | 'local' = origin === 'local' || server.data?.kind === 'not-held' ? 'local' : 'server';

  const [postponed, setPostponed] = useState<string | null>(null);
  const decisions = useMemo(
    () => mergeDecisions({ answerId, server: server.data, entries: snapshot.entries, sending: snapshot.sending, local: mode === 'local' ? local : [] }),
    [answerId, server.data, snapshot, local, mode],
  );
  const claimIds = useMemo(() => claims.map((c) => c.id), [claims]);
  // Each claim's number in the answer, looked up per card (an indexOf per card is quadratic: 10,000 claims, 50 M steps).
  const claimIndex = useMemo(() => new Map(claimIds.map((id, i) => [id, i])), [claimIds]);
  const progress = useMemo(() => reviewProgress(claimIds, decisions), [claimIds, decisions]);
  const visible = useMemo(() => claims.filter((c) => matchesFilter(ui.filter, c.flags, decisions.get(c.id))), [claims, ui.filter, decisions]);
  const presentFlags = useMemo(() => new Set<FlagCode>(claims.flatMap((c) => c.flags.map((f) => f.code))), [claims]);
  const otherPending = snapshot.entries.filter((e) => e.answerId !== answerId).length;

  // Read through a ref so the callbacks handed to the (memoized) cards keep their identity across saves; updated
  // after each render, before the browser can deliver an event.
  const decisionsRef = useRef(decisions);
  useLayoutEffect(() => {
    decisionsRef.current = decisions;
  }, [decisions]);
  const { decide: syncDecide, outbox } = sync;
  const decide = useCallback(
    (claimId: string, decision: ReviewDecision | null, note: string) => {
      const reviewer = useReviewUiStore.getState().reviewer;
      if (!reviewer) {
        useReviewUiStore.getState().askForReviewer();
        return;
      }
      const current = decisionsRef.current.get(claimId) ?? UNDECIDED;
      void syncDecide({ answerId, claimId, decision, note, baseVersion: current.version, reviewer }, mode);
    },
    [answerId, syncDecide, mode],
  );
  const onSelectPointer = useCallback((id: string) => onSelectClaim(id, 'pointer'), [onSelectClaim]);
  const onRetry = useCallback(() => void outbox?.retryNow(), [outbox]);
  const onResolveConflict = useCallback(() => setPostponed(null), []);
  const onOpenAnswerFlag = useCallback((f: ReviewFlag) => onOpenFlag(null, f), [onOpenFlag]);

  // ---- keyboard: one listener for the page while the panel is shown -----------------------------------------------
  // The keys act on what is on screen when they are pressed (an Effect Event: the listener is added once).
  const onCommandKey = useEffectEvent((e: KeyboardEvent) => {
    const ctx: ActionContext = {
      claimIds: visible.map((c) => c.id),
      selectedId: selectedClaimId,
      select: (id) => onSelectClaim(id, 'keyboard'),
      decide: (id, d) => decide(id, d, (decisions.get(id) ?? UNDECIDED).note),
      focusNote: () => ui.requestNoteFocus(),
      stepRegion: onStepRegion,
      openShortcuts: () => ui.openDialog({ kind: 'shortcuts' }),
    };
    if (runKey(e.key, ctx)) e.preventDefault();
  });
  // A layout effect: the listener is in place when the panel is first painted. As a passive effect it could come after
  // a key pressed at once (a busy page delivers input before React's deferred effects): the key was lost.
  useLayoutEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isCommandKey(e)) return;
      // A modal dialog is open: its own keys (Escape, Tab) only.
      if (document.querySelector('dialog[open]')) return;
      onCommandKey(e);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // ---- conflicts: the first one opens by itself; "later" hides it until that conflict changes ----------------------
  const conflict = useMemo(() => firstConflict(claims, decisions), [claims, decisions]);
  const conflictId = conflict ? `${conflict.key}@${conflict.view.theirs.version}:${conflict.view.mine.decision}:${conflict.view.mine.note}` : null;

  const refusal = sync.storage?.reason;
  const storageNote =
    snapshot.storageProblem !== null
      ? t('review.writeFailed', { detail: snapshot.storageProblem })
      : sync.storage?.kind === 'memory'
        ? t('review.memoryOnly', {
            reason: !refusal ? t('review.storageOff') : refusal.kind === 'refused' ? t('review.idbRefused', { detail: refusal.detail }) : t('review.idbAbsent'),
          })
        : null;

  const renderCard = (claim: PanelClaim) => (
    <ClaimCard
      key={claim.id}
      answerId={answerId}
      claim={claim}
      index={claimIndex.get(claim.id) ?? -1}
      decision={decisions.get(claim.id) ?? UNDECIDED}
      selected={claim.id === selectedClaimId}
      // Only the selected card shows the open citation: stepping claims re-renders two cards, not every one.
      activeKey={claim.id === selectedClaimId ? activeKey : null}
      noteFocusRequest={claim.id === selectedClaimId ? ui.noteFocusRequest : 0}
      historyEnabled={mode === 'server'}
      onSelect={onSelectPointer}
      onOpenCitation={onOpenCitation}
      onOpenFlag={onOpenFlag}
      onDecide={decide}
      onRetry={onRetry}
      onResolveConflict={onResolveConflict}
    />
  );

  return (
    <section aria-label={t('review.title')} data-review-panel="" className="h-full min-h-0 overflow-y-auto bg-white">
      <ReviewHeader
        progress={progress}
        presentFlags={presentFlags}
        otherPending={otherPending}
        storageNote={storageNote}
        localOnly={mode === 'local'}
        {...(exportReview && { exportReview: () => exportReview(decisions) })}
      />
      {server.status === 'error' ? (
        <p role="alert" className="border-b border-rose-100 bg-rose-50 px-3 py-1.5 text-[11px] text-rose-800">
          {t('review.serverLoadFailed', { message: server.error.message })}
        </p>
      ) : null}
      <ReviewBanner flags={answerFlags} report={report} onOpenFlag={onOpenAnswerFlag} />
      <div>
        {visible.length === 0 ? (
          <p className="px-4 py-6 text-center text-xs text-slate-500">{claims.length === 0 ? t('review.noClaims') : t('review.noMatch')}</p>
        ) : (
          visible.length > CHUNKED_MIN_ITEMS ? (
            <ChunkedList label={t('review.claims')} items={visible} render={renderCard} keep={visible.findIndex((c) => c.id === selectedClaimId)} />
          ) : (
            <ol aria-label={t('review.claims')}>{visible.map(renderCard)}</ol>
          )
        )}
      </div>
      {ui.dialog.kind === 'shortcuts' ? <ShortcutsDialog onClose={ui.closeDialog} extra={moreShortcuts} /> : null}
      {conflict && conflictId !== postponed && ui.dialog.kind === 'none' ? (
        <ConflictDialog
          key={conflictId}
          conflict={conflict.view}
          onKeep={(which) => void sync.outbox?.resolveConflict(conflict.key, which)}
          onClose={() => setPostponed(conflictId)}
        />
      ) : null}
    </section>
  );
}

function firstConflict(claims: readonly PanelClaim[], decisions: ReadonlyMap<string, ClaimDecision>): { key: string; view: ConflictView } | null {
  for (let i = 0; i < claims.length; i++) {
    const claim = claims[i]!;
    const d = decisions.get(claim.id);
    if (d?.sync.kind !== 'conflict') continue;
    return {
      key: d.sync.entryKey,
      view: {
        claimIndex: i,
        claimText: claim.text,
        theirs: d.sync.theirs,
        mine: { decision: d.decision, note: d.note, reviewer: d.reviewer ?? '', ...(d.updatedAt !== undefined && { decidedAt: d.updatedAt }) },
      },
    };
  }
  return null;
}

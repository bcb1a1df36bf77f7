import { Fragment, useCallback, useMemo, useState } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { answerReviewQuery, type ServerReview } from '../../api/review-queries.ts';
import type { ReviewDecision } from '../../api/review-schema.ts';
import type { FlagCode, ReviewFlag } from '../../core/review/types.ts';
import type { ReviewExport } from '../../core/review/export.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { ChunkedList, CHUNKED_MIN_ITEMS } from './chunked-list.tsx';
import { ClaimCard } from './claim-card.tsx';
import { ConflictDialog, type ConflictView } from './conflict-dialog.tsx';
import { matchesFilter, mergeDecisions, passedAllChecks, reviewProgress, UNDECIDED, type ClaimDecision } from './decision-state.ts';
import { ReviewBanner } from './review-banner.tsx';
import { ReviewHeader, type LiveNotice } from './review-header.tsx';
import { useLocalRecords, useOutboxSnapshot, useReviewSync } from './review-sync.tsx';
import { rowKey, type ClaimRow, type ReviewTurn } from './review-types.ts';
import { useReviewUiStore } from './review-ui-store.ts';
import { ShortcutsDialog, type ShortcutGroup } from './shortcuts-dialog.tsx';
import { useLiveReview, type RemoteDecision } from './use-live-review.ts';
import { useReviewCommands } from './use-review-commands.ts';
import { VerifyPassedDialog } from './verify-passed-dialog.tsx';

export interface ReviewPanelProps {
  /** The answer, or every turn of its conversation, in order. */
  turns: readonly ReviewTurn[];
  /** The selected claim (it belongs to the active turn). */
  selected: { answerId: string; claimId: string } | null;
  /** The marker key the viewer shows, when it belongs to the selected claim. */
  activeKey: string | null;
  /** Why this page cannot save decisions (a sandboxed frame the portal gave no token); null when it can. */
  saveBlocked?: 'needs-token' | null;
  onSelectClaim(answerId: string, claimId: string, how: 'pointer' | 'keyboard'): void;
  onOpenCitation(answerId: string, claimId: string, key: string): void;
  onOpenFlag(answerId: string, claimId: string | null, flag: ReviewFlag): void;
  onStepRegion(delta: 1 | -1): void;
  /** Builds the export from the panel's decisions, each turn's by its answer id. */
  exportReview?(decisionsOf: (answerId: string) => ReadonlyMap<string, ClaimDecision>): ReviewExport;
  /** Other parts of the page's shortcuts (the viewer's), listed under `?` after the review's. */
  moreShortcuts?: readonly ShortcutGroup[];
}

export function ReviewPanel(props: ReviewPanelProps) {
  const { turns, selected, activeKey, saveBlocked = null, onSelectClaim, onOpenCitation, onOpenFlag, onStepRegion, exportReview, moreShortcuts } = props;
  const t = useTranslate();
  const servers = useQueries({ queries: turns.map((turn) => answerReviewQuery(turn.answerId)), combine: combineReviews });
  // A refetch that brought the same records (structurally shared) must not give every card a new decision object.
  const serverData = useSameItems(servers.data);
  const sync = useReviewSync();
  const snapshot = useOutboxSnapshot();
  const first = turns[0]!;
  const local = useLocalRecords(first.answerId);
  const ui = useReviewUiStore();

  // Strings, not the turns array: the app may hand a new array with the same turns, and every card's decision object
  // must keep its identity then (10,000 memoized cards in a long answer).
  const idsKey = turns.map((turn) => `${turn.answerId}\n${turn.origin}`).join('\n');
  const modes = useMemo(() => {
    const parts = idsKey.split('\n');
    const out = new Map<string, 'server' | 'local'>();
    for (let i = 0; i < parts.length; i += 2) out.set(parts[i]!, parts[i + 1] === 'local' || serverData[i / 2]?.kind === 'not-held' ? 'local' : 'server');
    return out;
  }, [idsKey, serverData]);
  const modeOf = useCallback((answerId: string) => modes.get(answerId) ?? 'server', [modes]);
  const decisions = useMemo(() => {
    const all = new Map<string, ClaimDecision>();
    [...modes].forEach(([answerId, mode], i) => {
      const merged = mergeDecisions({
        answerId,
        server: serverData[i],
        entries: snapshot.entries,
        sending: snapshot.sending,
        local: mode === 'local' ? local : [],
      });
      for (const [claimId, d] of merged) all.set(rowKey(answerId, claimId), d);
    });
    return all;
  }, [modes, serverData, snapshot, local]);

  const rows = useMemo(
    () =>
      turns.flatMap((turn) => turn.claims.map((claim, index): ClaimRow => ({ key: rowKey(turn.answerId, claim.id), answerId: turn.answerId, claim, index }))),
    [turns],
  );
  const keys = useMemo(() => rows.map((r) => r.key), [rows]);
  const progress = useMemo(() => reviewProgress(keys, decisions), [keys, decisions]);
  const visible = useMemo(() => rows.filter((r) => matchesFilter(ui.filter, r.claim.flags, decisions.get(r.key))), [rows, ui.filter, decisions]);
  const presentFlags = useMemo(() => new Set<FlagCode>(rows.flatMap((r) => r.claim.flags.map((f) => f.code))), [rows]);
  const otherPending = snapshot.entries.filter((e) => !turns.some((turn) => turn.answerId === e.answerId)).length;
  const passedCount = useMemo(() => rows.filter((r) => passedAllChecks(r.claim, decisions.get(r.key))).length, [rows, decisions]);
  const selectedKey = selected ? rowKey(selected.answerId, selected.claimId) : null;
  const subject = serverData.map((d) => (d?.kind === 'held' ? d.reviewer : undefined)).find((r) => r !== undefined);
  const reviewer = subject ?? ui.reviewer;

  const commands = useReviewCommands({
    rows,
    visible,
    decisions,
    selectedKey,
    activeKey,
    reviewer,
    canDecide: saveBlocked === null,
    modeOf,
    save: sync.decide,
    select: (row, how) => onSelectClaim(row.answerId, row.claim.id, how),
    openCitation: (row, key) => onOpenCitation(row.answerId, row.claim.id, key),
    stepRegion: onStepRegion,
  });

  // ---- live: colleagues' decisions land in the cache; one saved by someone else is said in the header -------------
  const [notice, setNotice] = useState<LiveNotice | null>(null);
  const watched = useMemo(() => turns.filter((turn) => turn.origin === 'server').map((turn) => turn.answerId), [turns]);
  const onRemote = (d: RemoteDecision) => {
    if (d.record.reviewer === reviewer) return;
    const row = rows.find((r) => r.key === rowKey(d.answerId, d.claimId));
    if (row) setNotice({ reviewer: d.record.reviewer, decision: d.record.decision, claim: row.index + 1, at: d.record.updatedAt });
  };
  const live = useLiveReview(saveBlocked === null ? watched : [], onRemote);

  const { decide: decideKey } = commands;
  const onDecide = useCallback(
    (answerId: string, claimId: string, decision: ReviewDecision | null, note: string) =>
      decideKey(rowKey(answerId, claimId), decision, note, { advance: true }),
    [decideKey],
  );
  const onSelectPointer = useCallback((answerId: string, claimId: string) => onSelectClaim(answerId, claimId, 'pointer'), [onSelectClaim]);
  const onRetry = useCallback(() => void sync.outbox?.retryNow(), [sync.outbox]);
  const [postponed, setPostponed] = useState<string | null>(null);
  const onResolveConflict = useCallback(() => setPostponed(null), []);

  // ---- conflicts: the first one opens by itself; "later" hides it until that conflict changes ----------------------
  const conflict = useMemo(() => firstConflict(rows, decisions), [rows, decisions]);
  const conflictId = conflict ? `${conflict.key}@${conflict.view.theirs.version}:${conflict.view.mine.decision}:${conflict.view.mine.note}` : null;

  const refusal = sync.storage?.reason;
  // A frame that cannot save says so plainly (below); the browser's own storage refusal would only add noise there.
  const storageNote =
    saveBlocked !== null
      ? null
      : snapshot.storageProblem !== null
        ? t('review.writeFailed', { detail: snapshot.storageProblem })
        : sync.storage?.kind === 'memory'
          ? t('review.memoryOnly', {
              reason: !refusal
                ? t('review.storageOff')
                : refusal.kind === 'refused'
                  ? t('review.idbRefused', { detail: refusal.detail })
                  : t('review.idbAbsent'),
            })
          : null;

  const selectedRow = selectedKey ? visible.findIndex((r) => r.key === selectedKey) : -1;
  const renderCard = (row: ClaimRow) => (
    <ClaimCard
      key={row.key}
      answerId={row.answerId}
      claim={row.claim}
      index={row.index}
      decision={decisions.get(row.key) ?? UNDECIDED}
      selected={row.key === selectedKey}
      // Only the selected card shows the open citation: stepping claims re-renders two cards, not every one.
      activeKey={row.key === selectedKey ? activeKey : null}
      noteFocusRequest={row.key === selectedKey ? ui.noteFocusRequest : 0}
      historyEnabled={modeOf(row.answerId) === 'server'}
      canDecide={saveBlocked === null}
      me={reviewer}
      onSelect={onSelectPointer}
      onOpenCitation={onOpenCitation}
      onOpenFlag={onOpenFlag}
      onDecide={onDecide}
      onRetry={onRetry}
      onResolveConflict={onResolveConflict}
    />
  );
  const several = turns.length > 1;

  return (
    <section aria-label={t('review.title')} data-review-panel="" className="h-full min-h-0 overflow-y-auto bg-white">
      <ReviewHeader
        progress={progress}
        position={selectedRow >= 0 ? { at: selectedRow + 1, of: visible.length } : null}
        presentFlags={presentFlags}
        otherPending={otherPending}
        storageNote={storageNote}
        localOnly={turns.some((turn) => modeOf(turn.answerId) === 'local')}
        subject={subject ?? null}
        saveBlocked={saveBlocked}
        live={live}
        notice={notice}
        passedCount={saveBlocked === null ? passedCount : 0}
        onVerifyPassed={() => ui.openDialog({ kind: 'verify-passed', claimIds: commands.passed() })}
        {...(exportReview && { exportReview: () => exportReview((answerId) => decisionsOf(decisions, answerId)) })}
      />
      {servers.errors.map((error, i) =>
        error ? (
          <p key={turns[i]?.answerId ?? i} role="alert" className="border-b border-rose-100 bg-rose-50 px-3 py-1.5 text-[11px] text-rose-800">
            {t('review.serverLoadFailed', { message: error.message })}
          </p>
        ) : null,
      )}
      {turns.map((turn) => {
        const shown = visible.filter((r) => r.answerId === turn.answerId);
        return (
          <Fragment key={turn.answerId}>
            {several ? (
              <h3 data-review-turn={turn.turn} dir="auto" className="border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs font-semibold text-slate-700">
                {turn.turn === 1
                  ? t('review.turnQuestion', { question: turn.question })
                  : t('review.turnFollowUp', { n: turn.turn - 1, question: turn.question })}
              </h3>
            ) : null}
            <ReviewBanner flags={turn.answerFlags} report={turn.report} onOpenFlag={(f) => onOpenFlag(turn.answerId, null, f)} />
            {turn.loading ? (
              <p role="status" className="px-4 py-3 text-xs text-slate-500">
                {t('review.turnLoading')}
              </p>
            ) : shown.length === 0 ? (
              <p className="px-4 py-6 text-center text-xs text-slate-500">{turn.claims.length === 0 ? t('review.noClaims') : t('review.noMatch')}</p>
            ) : shown.length > CHUNKED_MIN_ITEMS ? (
              <ChunkedList label={t('review.claims')} items={shown} render={renderCard} keep={shown.findIndex((r) => r.key === selectedKey)} />
            ) : (
              <ol aria-label={several ? t('review.turnClaims', { turn: turn.turn }) : t('review.claims')}>{shown.map(renderCard)}</ol>
            )}
          </Fragment>
        );
      })}
      {ui.dialog.kind === 'shortcuts' ? <ShortcutsDialog onClose={ui.closeDialog} extra={moreShortcuts} /> : null}
      {ui.dialog.kind === 'verify-passed' ? (
        <VerifyPassedDialog
          count={ui.dialog.claimIds.length}
          onConfirm={() => {
            if (ui.dialog.kind === 'verify-passed') commands.verifyPassed(ui.dialog.claimIds);
            ui.closeDialog();
          }}
          onClose={ui.closeDialog}
        />
      ) : null}
      {conflict && conflictId !== postponed && ui.dialog.kind === 'none' ? (
        <ConflictDialog
          key={conflictId}
          conflict={conflict.view}
          onResolve={(choice) => void sync.outbox?.resolveConflict(conflict.view.entryKey, choice.keep, choice.note)}
          onClose={() => setPostponed(conflictId)}
        />
      ) : null}
    </section>
  );
}

/** The turns' server reviews, one stable object while none of them changed (React Query memoizes `combine`). */
function combineReviews(results: readonly UseQueryResult<ServerReview>[]) {
  return { data: results.map((r) => r.data), errors: results.map((r) => (r.status === 'error' ? r.error : null)) };
}

/** The same array as last time while its items are the same objects (state adjusted during render, no ref). */
function useSameItems<T>(items: readonly T[]): readonly T[] {
  const [kept, setKept] = useState(items);
  const same = kept.length === items.length && kept.every((x, i) => x === items[i]);
  if (!same) setKept(items);
  return same ? kept : items;
}

function decisionsOf(all: ReadonlyMap<string, ClaimDecision>, answerId: string): Map<string, ClaimDecision> {
  const prefix = rowKey(answerId, '');
  const out = new Map<string, ClaimDecision>();
  for (const [key, d] of all) if (key.startsWith(prefix)) out.set(key.slice(prefix.length), d);
  return out;
}

function firstConflict(rows: readonly ClaimRow[], decisions: ReadonlyMap<string, ClaimDecision>): { key: string; view: ConflictView } | null {
  for (const row of rows) {
    const d = decisions.get(row.key);
    if (d?.sync.kind !== 'conflict') continue;
    return {
      key: row.key,
      view: {
        entryKey: d.sync.entryKey,
        claimIndex: row.index,
        claimText: row.claim.text,
        theirs: d.sync.theirs,
        mine: { decision: d.decision, note: d.note, reviewer: d.reviewer ?? '', ...(d.updatedAt !== undefined && { decidedAt: d.updatedAt }) },
      },
    };
  }
  return null;
}

import type { StoredDecision } from '../../features/review/review-sync.tsx';
import type { AnchorResult } from '../../features/viewer/viewer-host.tsx';
import type { VerdictTone } from '../../core/review/citation-verdict.ts';

/** A citation's verdict as its marker shows it (citation-verdict.ts), in English for the portal. */
export interface VerdictReport {
  sourceId: string;
  tone: VerdictTone;
  text: string;
}

// What the features report that the app passes on to an embedding portal (src/app/embed/embed-bridge.ts): the viewer's
// anchoring of a citation (its `anchored` event, viewer-pane.tsx) and the review panel's stored decisions. This module is
// where those reports meet the bridge, so that neither the answer view nor the review provider knows about embedding.
// Without a bridge (the full app) nobody listens and an event costs one empty loop.

export type AppEvent = ({ kind: 'anchored' } & AnchorResult) | ({ kind: 'decision-stored' } & StoredDecision) | ({ kind: 'verdict' } & VerdictReport);

const listeners = new Set<(event: AppEvent) => void>();

export function emitAppEvent(event: AppEvent): void {
  for (const listener of listeners) listener(event);
}

export function onAppEvent(listener: (event: AppEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const reportAnchored = (result: AnchorResult) => emitAppEvent({ kind: 'anchored', ...result });
export const reportVerdict = (verdict: VerdictReport) => emitAppEvent({ kind: 'verdict', ...verdict });
export const reportDecisionStored = (stored: StoredDecision) => emitAppEvent({ kind: 'decision-stored', ...stored });

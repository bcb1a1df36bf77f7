import { createContext, useContext } from 'react';

// Each citation's check result, by S-ID, as the page computed it (app/review-pane/status-badge.ts): read by the marker buttons
// and the reference list through context, so the parsed markdown does not re-render when a check comes in.

export type StatusTone = 'ok' | 'approx' | 'warn' | 'bad' | 'muted' | 'pending';

export interface CitationStatusBadge {
  tone: StatusTone;
  /** A few words: "p. 4", "≈ 87 % · p. 4", "found p. 7", "not found", "locked". */
  short: string;
  /** A sentence for the tooltip. */
  long: string;
}

export const CitationStatusContext = createContext<ReadonlyMap<string, CitationStatusBadge> | null>(null);

export function useCitationStatus(sourceId: string): CitationStatusBadge | undefined {
  return useContext(CitationStatusContext)?.get(sourceId);
}

export const STATUS_DOT: Record<StatusTone, string> = {
  ok: 'bg-emerald-500',
  approx: 'bg-amber-400',
  warn: 'bg-orange-500',
  bad: 'bg-rose-500',
  muted: 'bg-slate-400',
  pending: 'bg-slate-300',
};

export const STATUS_TEXT: Record<StatusTone, string> = {
  ok: 'text-emerald-800',
  approx: 'text-amber-800',
  warn: 'text-orange-800',
  bad: 'text-rose-700',
  // Slate 600, not 500 or 400: 4.5:1 also on the open reference's tinted background.
  muted: 'text-slate-600',
  pending: 'text-slate-600',
};

import type { ReviewFlag, ReviewReportSummary } from '../../core/review/types.ts';

// What the app hands the review panel about each claim: already in answer order, with text fit for display and
// every citation's status as a badge (the app computes statuses from the viewer's text index).

export type BadgeTone = 'ok' | 'approx' | 'warn' | 'bad' | 'muted' | 'pending';

export interface CitationBadge {
  tone: BadgeTone;
  /** A few words for the chip: "p. 4", "87 % · p. 4", "found p. 7". */
  short: string;
  /** A sentence for the tooltip and screen readers. */
  long: string;
}

export interface PanelCitation {
  key: string;
  sourceId: string;
  badge: CitationBadge;
}

export interface PanelClaim {
  id: string;
  /** The claim as a reader sees it: markers and markdown syntax removed. */
  text: string;
  flags: ReviewFlag[];
  citations: PanelCitation[];
  /** "Checked by <model>: supported. <reason>", when the model judge found the claim supported. */
  checkedBy?: string;
}

/**
 * One answer of what the panel reviews: the answer itself, or one turn of a conversation (the panel covers every
 * turn; each keeps its decisions under its own answer id).
 */
export interface ReviewTurn {
  answerId: string;
  /** 1-based; said only when the panel shows several turns. */
  turn: number;
  question: string;
  /** `local` when the answer did not come from the server: its decisions then stay in this browser. */
  origin: 'server' | 'local';
  /** Claims in answer order. */
  claims: readonly PanelClaim[];
  answerFlags: readonly ReviewFlag[];
  report: ReviewReportSummary | null;
  /** The turn's answer or its review is still on its way. */
  loading?: boolean;
}

/** A claim as the panel lists it: its turn's answer id beside it, and one key for both (`rowKey`). */
export interface ClaimRow {
  key: string;
  answerId: string;
  claim: PanelClaim;
  /** Its number in its own answer (0-based). */
  index: number;
}

/** The key of a claim among all turns' claims: a claim id is unique within one answer only. */
export const rowKey = (answerId: string, claimId: string) => `${answerId}\u0000${claimId}`;

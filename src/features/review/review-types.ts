import type { ReviewFlag } from '../../core/review/types.ts';

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

import type { Source } from '../../core/model/types.ts';

// A streamed answer's state as events arrive (issue #12), apart from draft-answer.ts, which draws it: the ask box on
// the home page keeps this state, and must not bring the Markdown parser into the first paint with it.

export interface StreamDraft {
  question: string;
  /** Every text delta so far, joined. */
  text: string;
  /** Every source event so far, in arrival order. */
  sources: Source[];
}

/** One event of the stream, as the draft needs it (the API client's AskStreamEvent). */
export type DraftEvent = { kind: 'text'; delta: string } | { kind: 'source'; source: Source };

/** The draft after one more event. A source sent again (same S-ID) replaces the earlier one. */
export function applyDraftEvent(draft: StreamDraft, event: DraftEvent): StreamDraft {
  switch (event.kind) {
    case 'text':
      return { ...draft, text: draft.text + event.delta };
    case 'source': {
      const i = draft.sources.findIndex((s) => s.id === event.source.id);
      const sources = i < 0 ? [...draft.sources, event.source] : draft.sources.map((s, j) => (j === i ? event.source : s));
      return { ...draft, sources };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

import { parseAnswerMarkdown } from '../../core/markdown/parse-answer-markdown.ts';
import { resolveMarker } from '../../core/model/resolve.ts';
import type { Answer, CitationMapping, DocumentRef, Source } from '../../core/model/types.ts';
import type { StreamDraft } from './draft-events.ts';

// A streamed answer drawn as it arrives (issue #12; its state: draft-events.ts): the text so far and the sources sent
// so far. It is drawn with the answer's own renderer, through an Answer made of them. A marker whose source has not
// arrived yet must read as plain text, not as a struck-through "cites nothing" marker: the draft escapes its bracket,
// so the Markdown parser (which alone decides what a marker is) reads it as text. Once its source arrives, the same
// text becomes a button.

export interface DraftAnswer {
  /** Renderable like a stored answer; its text has the pending markers escaped. */
  answer: Answer;
  /** Marker keys drawn as buttons (their sources arrived), in text order, each once. */
  live: string[];
  /** Marker keys still plain text, in text order, each once. */
  pending: string[];
}

export const DRAFT_ANSWER_ID = 'draft';

/**
 * `[n]` names the source `Sn` when one with that id arrived (the reference answerer numbers its sources so), else
 * the n-th source to arrive; `[S2]` names `S2`. `documentUrl` gives the address of a cited document, which a source
 * event does not carry.
 */
export function draftAnswer(draft: StreamDraft, documentUrl: (documentId: string) => string): DraftAnswer {
  const documents: DocumentRef[] = [];
  for (const s of draft.sources) {
    if (!documents.some((d) => d.id === s.documentId)) documents.push({ id: s.documentId, title: s.documentId, url: documentUrl(s.documentId) });
  }
  const base: Answer = {
    id: DRAFT_ANSWER_ID,
    question: draft.question,
    text: draft.text,
    documents,
    sources: draft.sources,
    citations: numbering(draft.sources),
  };
  const live: string[] = [];
  const pending: string[] = [];
  let text = '';
  let from = 0;
  for (const group of parseAnswerMarkdown(draft.text).markers) {
    const ready = group.refs.every((r) => resolveMarker(base, r.key) !== undefined);
    for (const r of group.refs) {
      const list = ready ? live : pending;
      if (!list.includes(r.key)) list.push(r.key);
    }
    if (ready) continue;
    // `\[` is an escaped bracket to the parser; a fullwidth 【…】 cannot be escaped, so it is written as one.
    const raw = group.raw.startsWith('【') ? `[${group.raw.slice(1, -1)}]` : group.raw;
    text += `${draft.text.slice(from, group.start)}\\${raw}`;
    from = group.end;
  }
  text += draft.text.slice(from);
  return { answer: { ...base, text }, live, pending: pending.filter((k) => !live.includes(k)) };
}

function numbering(sources: Source[]): CitationMapping[] {
  const out: CitationMapping[] = [];
  const taken = new Set<number>();
  for (const s of sources) {
    const m = /^S(\d+)$/.exec(s.id);
    if (m) {
      out.push({ n: Number(m[1]), sourceId: s.id });
      taken.add(Number(m[1]));
    }
  }
  sources.forEach((s, i) => {
    if (!/^S\d+$/.test(s.id) && !taken.has(i + 1)) out.push({ n: i + 1, sourceId: s.id });
  });
  return out;
}

import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { loadPdf } from '../../node/load-pdf.ts';
import { indexPage, type IndexedPage } from '../../core/locate/text-index.ts';
import type { Box } from '../../core/model/types.ts';
import { pageSentences, printedText } from './page-sentences.ts';
import { headingText, textSentences } from './text-sentences.ts';

// A document's passages for the ask index: every sentence with its page and boxes (PDFs) or character offsets (text
// documents) and the section it sits under. Reads nothing itself: the bytes come from the data folder's opener.

export interface Passage {
  documentId: string;
  quote: string;
  section?: string;
  /** PDFs: the page and the canonical boxes of the sentence. */
  page?: number;
  boxes?: Box[];
  /** Text documents: where the sentence is in the file (UTF-16 offsets, end exclusive). */
  charStart?: number;
  charEnd?: number;
}

/** A page's line that is a running head or foot: the same words (numbers aside) on many pages. */
function lineSignature(line: string): string {
  return line
    .toLowerCase()
    .replace(/\p{N}+/gu, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

export async function pdfPassages(id: string, bytes: Uint8Array): Promise<Passage[]> {
  const pdf = await loadPdf(bytes);
  try {
    const pages: IndexedPage[] = [];
    const seen = new Map<string, number>();
    for (let n = 1; n <= pdf.pageCount; n++) {
      const page = indexPage(await pdf.getPageText(n));
      pages.push(page);
      const printed = printedText(page);
      for (const sig of new Set(printed.lines.map((l) => lineSignature(printed.text.slice(l.start, l.end))))) {
        seen.set(sig, (seen.get(sig) ?? 0) + 1);
      }
      await yieldToEventLoop();
    }
    const repeated = (line: string) => {
      const count = seen.get(lineSignature(line)) ?? 0;
      return count >= 3 && count >= 0.4 * pages.length;
    };
    const out: Passage[] = [];
    for (const page of pages) {
      // A page made only of repeated lines (a 1,000-page register whose pages all follow one line template) is not
      // all running heads: its only text is its content, and removing it indexed the document to 0 sentences.
      const printed = printedText(page);
      const lines = printed.lines.map((l) => printed.text.slice(l.start, l.end).trim()).filter((l) => l !== '');
      const skipLine = lines.every(repeated) ? undefined : repeated;
      for (const s of pageSentences(page, { ...(skipLine && { skipLine }) })) {
        // a hundredth of a point is far below what a highlight can show, and keeps the answer files readable
        const boxes = s.boxes.map((b) => ({ page: b.page, x0: round2(b.x0), y0: round2(b.y0), x1: round2(b.x1), y1: round2(b.y1) }));
        out.push({ documentId: id, quote: s.quote, page: s.page, boxes, ...(s.section !== undefined && { section: s.section }) });
      }
      await yieldToEventLoop();
    }
    return out;
  } finally {
    await pdf.close();
  }
}

export function textPassages(id: string, text: string, markdown: boolean): Passage[] {
  return textSentences(text, markdown).map((s) => ({
    documentId: id,
    quote: s.quote,
    charStart: s.charStart,
    charEnd: s.charEnd,
    ...(s.section !== undefined && { section: s.section }),
  }));
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export function firstHeading(text: string): string | undefined {
  for (const line of text.split('\n')) {
    const heading = headingText(line);
    if (heading) return heading;
  }
  return undefined;
}

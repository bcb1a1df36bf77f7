// The sentences of a Markdown or plain-text document, as character ranges of the file's own text (so a source can
// point at them with `location.charStart/charEnd`). Markdown headings are not sentences: the last one above a
// sentence is its section. Pure, no I/O.

export interface TextSentence {
  quote: string;
  charStart: number;
  charEnd: number;
  section?: string;
}

const HEADING = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/;

export function textSentences(text: string, markdown: boolean): TextSentence[] {
  const out: TextSentence[] = [];
  const seg = new Intl.Segmenter('en', { granularity: 'sentence' });
  let section: string | undefined;
  // paragraphs: separated by blank lines; in Markdown every heading line is a paragraph of its own
  const para = /[^\n]+(?:\n(?![ \t]*\n)[^\n]*)*/g;
  for (let m = para.exec(text); m; m = para.exec(text)) {
    let start = m.index;
    let body = m[0];
    if (markdown) {
      const first = /^[^\n]*/.exec(body)?.[0] ?? '';
      const h = HEADING.exec(first);
      if (h?.[1]) {
        section = h[1].trim();
        start += first.length + 1;
        body = body.slice(first.length + 1);
        if (body.trim() === '') continue;
      }
    }
    for (const s of seg.segment(body)) {
      const lead = s.segment.length - s.segment.trimStart().length;
      const quote = s.segment.trim();
      if (quote.split(/\s+/u).length < 3 || !/\p{L}/u.test(quote)) continue;
      const charStart = start + s.index + lead;
      out.push({ quote, charStart, charEnd: charStart + quote.length, ...(section !== undefined && { section }) });
    }
  }
  return out;
}

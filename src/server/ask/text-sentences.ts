// The sentences of a Markdown or plain-text document, as character ranges of the file's own text (so a source can
// point at them with `location.charStart/charEnd`). Markdown headings are not sentences: the last one above a
// sentence is its section. Pure, no I/O.

export interface TextSentence {
  quote: string;
  charStart: number;
  charEnd: number;
  section?: string;
}

// The heading's marker only; its closing `#`s and spaces are trimmed in code. `(.+?)[ \t#]*$` did both in one
// pattern, but a lazy group before a trailing run retries the run from every character: a 64 KB line of `# # # …`
// took ~17 s.
const HEADING_START = /^ {0,3}#{1,6}[ \t]+/;

/** The text of an ATX heading line (`## Fees ##` → `Fees`), or undefined when the line is not a heading. */
export function headingText(line: string): string | undefined {
  const start = HEADING_START.exec(line);
  if (!start) return undefined;
  let end = line.length;
  while (end > start[0].length && ' \t#\r'.includes(line[end - 1]!)) end--;
  return line.slice(start[0].length, end).trim();
}

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
      const heading = headingText(first);
      if (heading !== undefined) {
        section = heading || undefined; // an empty heading (`# #`) still ends the section above it
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

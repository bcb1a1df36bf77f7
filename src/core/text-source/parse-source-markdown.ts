import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';

// A cited Markdown DOCUMENT, read into mdast with positions (UTF-16 offsets into the file's text). Not the answer
// reader (src/core/markdown/): a document has no citation markers, and its offsets are what citations point into,
// so the section resolver and the viewer's highlights work from this one tree. CommonMark plus GFM tables (runbooks
// and policies are full of them); raw HTML stays an `html` node, which the viewer never renders.

/** Never throws: text the parser cannot take (it runs out of stack on thousands of nested quotes) is one paragraph. */
export function parseSourceMarkdown(text: string): Root {
  try {
    return fromMarkdown(text, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
  } catch {
    const position = { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: text.length } };
    return { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: text, position }], position }], position };
  }
}

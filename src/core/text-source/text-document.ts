import type { Root } from 'mdast';
import type { TextFormat } from '../model/document-kind.ts';
import type { Source } from '../model/types.ts';
import { parseSourceMarkdown } from './parse-source-markdown.ts';
import { markdownSections, type Section } from './section-path.ts';
import { locateTextPassage, type TextPassage } from './text-passage.ts';
import { markdownVisibleText, plainVisibleText, type VisibleText } from './visible-text.ts';

// One loaded text document, read once for every citation of it: the viewer draws its tree and the review checks
// its sources, with the same sections and visible words, so both place a passage in the same spot.

export interface TextDocumentModel {
  text: string;
  format: TextFormat;
  /** The parsed Markdown (null for plain text). */
  tree: Root | null;
  visible: VisibleText;
  sections: Section[];
}

export function readTextDocument(text: string, format: TextFormat): TextDocumentModel {
  if (format === 'plain') return { text, format, tree: null, visible: plainVisibleText(text), sections: [] };
  const tree = parseSourceMarkdown(text);
  return { text, format, tree, visible: markdownVisibleText(tree, text), sections: markdownSections(tree, text.length) };
}

/** Where `source` is in the document; `quote` overrides the source's own (a target may carry the passage text). */
export function locateSource(doc: TextDocumentModel, source: Pick<Source, 'location' | 'quote' | 'section'> | undefined, quote?: string): TextPassage {
  const q = quote ?? source?.quote;
  return locateTextPassage(doc.text, doc.visible, doc.sections, {
    ...(source?.location && { location: source.location }),
    ...(q && { quote: q }),
    ...(source?.section && { section: source.section }),
  });
}

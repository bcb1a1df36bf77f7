// The passage registry: for every passage marked in the prose ("{{key}}...{{/}}"), the words as printed and the
// exact canonical box of each line fragment. The answers quote and box passages from here, which is what makes
// their highlights exact by construction.

import type { Box } from '../../src/core/model/types.ts';
import type { CropBox, Surface } from './surface.ts';
import type { Metrics, Token } from './text-layout.ts';

export interface Passage {
  key: string;
  section: string;
  words: string[];
  boxes: Box[];
  /** The whole paragraph the passage sits in, whitespace collapsed. */
  paragraph: string;
}

/** A generated PDF, the passages it contains, and each page's CropBox (index 0 is page 1). */
export interface BuiltDocument {
  bytes: Uint8Array;
  passages: Map<string, Passage>;
  crops: CropBox[];
}

/** Where one wrapped line of a paragraph was drawn, in the display frame of its page. */
export interface PrintedLine {
  surface: Surface;
  tokens: Token[];
  x: number;
  baseline: number;
  ascent: number;
  descent: number;
  size: number;
  metrics: Metrics;
  section: string;
  paragraph: string;
}

/**
 * Records each passage fragment on a printed line. `seenInParagraph` holds the keys already met in this paragraph:
 * a key continuing across lines is one passage, a key that reappears in another paragraph is a mistake.
 */
export function recordPassages(registry: Map<string, Passage>, at: PrintedLine, seenInParagraph: Set<string>): void {
  const line = at.tokens;
  let j = 0;
  while (j < line.length) {
    const key = line[j]?.key;
    if (!key) {
      j++;
      continue;
    }
    let k = j;
    while (k < line.length && line[k]?.key === key) k++;
    const before = line.slice(0, j).map((t) => t.word);
    const words = line.slice(j, k).map((t) => t.word);
    const prefix = before.length > 0 ? before.join(' ') + ' ' : '';
    const x0 = at.x + at.metrics.width(prefix, at.size);
    const x1 = x0 + at.metrics.width(words.join(' '), at.size);
    let p = registry.get(key);
    if (!p) {
      p = { key, section: at.section, words: [], boxes: [], paragraph: at.paragraph };
      registry.set(key, p);
    } else if (!seenInParagraph.has(key)) {
      throw new Error(`passage ${key} used twice`);
    }
    seenInParagraph.add(key);
    p.words.push(...words);
    p.boxes.push(at.surface.box(x0, at.baseline - at.ascent, x1, at.baseline + at.descent));
    j = k;
  }
}

/** The answers rely on where their passages land; fail loudly if a layout change moves one. */
export function expectPage(passages: Map<string, Passage>, key: string, pages: number[]): void {
  const got = [...new Set(passages.get(key)?.boxes.map((b) => b.page) ?? [])];
  if (got.join(',') !== pages.join(',')) {
    throw new Error(`passage ${key} is on pages [${got.join(',')}], the demo needs [${pages.join(',')}]`);
  }
}

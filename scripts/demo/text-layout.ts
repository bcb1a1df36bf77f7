// Measuring and wrapping text for the demo documents, and the passage markers that the prose carries.

import type { PDFFont } from 'pdf-lib';

// Text measurement. pdf-lib's `widthOfTextAtSize` adds kerning for standard fonts, but `drawText` emits a plain
// Tj without kerning, so the drawn advance is the plain sum of glyph widths. Measure that instead.

export class Metrics {
  private readonly cache = new Map<string, number>();
  readonly ascentPerSize: number;
  readonly descentPerSize: number;

  constructor(readonly font: PDFFont) {
    this.ascentPerSize = font.heightAtSize(1000, { descender: false }) / 1000;
    this.descentPerSize = (font.heightAtSize(1000) - font.heightAtSize(1000, { descender: false })) / 1000;
  }

  width(text: string, size: number): number {
    let total = 0;
    for (const ch of text) {
      let w = this.cache.get(ch);
      if (w === undefined) {
        w = this.font.widthOfTextAtSize(ch, 1000);
        this.cache.set(ch, w);
      }
      total += w;
    }
    return (total * size) / 1000;
  }
}

// Prose with passage markers: "{{key}}first words ... last words.{{/}}" marks a passage to be cited. Markers sit
// at word boundaries. The writer records, for every line fragment of a passage, its exact canonical box.

export interface Token {
  word: string;
  key: string | null;
}

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let current: string | null = null;
  for (const raw of src.split(/\s+/)) {
    if (raw === '') continue;
    let word = raw;
    const open = /^\{\{([a-z0-9-]+)\}\}/.exec(word);
    if (open) {
      if (current) throw new Error(`nested passage ${open[1]} inside ${current}`);
      current = open[1] ?? null;
      word = word.slice(open[0].length);
    }
    let close = false;
    if (word.endsWith('{{/}}')) {
      close = true;
      word = word.slice(0, -'{{/}}'.length);
    }
    if (word.includes('{{')) throw new Error(`misplaced passage marker in ${JSON.stringify(raw)}`);
    if (word !== '') tokens.push({ word, key: current });
    if (close) {
      if (!current) throw new Error(`unmatched {{/}} in ${JSON.stringify(src)}`);
      current = null;
    }
  }
  if (current) throw new Error(`unterminated passage ${current}`);
  return tokens;
}

export function wrap(tokens: Token[], maxWidth: number, size: number, m: Metrics): Token[][] {
  const lines: Token[][] = [];
  let line: Token[] = [];
  let width = 0;
  const space = m.width(' ', size);
  for (const t of tokens) {
    const w = m.width(t.word, size);
    if (line.length > 0 && width + space + w > maxWidth) {
      lines.push(line);
      line = [];
      width = 0;
    }
    width += (line.length > 0 ? space : 0) + w;
    line.push(t);
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

import type { TextContentLike } from './page-text.ts';

// A page's pdf.js text content kept in a few flat arrays instead of one object per text item. The viewer keeps
// every page's text once it has asked for it (one request per page: the text layer, the locator and find share it),
// and as objects that was ~250 bytes an item, ~2.9 MB of the main thread's heap after reading a hundred pages of a
// text-heavy document; packed it is about a quarter of that. Unpacked again whenever a text layer is laid out.
// Marked-content items (no `str`: pdf.js's beginMarkedContent/endMarkedContent) are few and kept as they are.

export interface PackedTextContent extends PackedItems {
  /** Marked-content items, with their position among all items. */
  marked: { at: number; item: object }[];
  styles: TextContentLike['styles'];
  lang?: string | null;
}

/** What unpacking gives back: pdf.js's TextContent shape (items in their original order). */
export interface UnpackedTextContent {
  items: object[];
  styles: TextContentLike['styles'];
  lang?: string | null;
}

const DIRS = [undefined, 'ltr', 'rtl', 'ttb'] as const;
const NUMBERS = 8;

export interface TextItemLike {
  str: string;
  dir?: string;
  transform: readonly number[];
  width: number;
  height: number;
  fontName?: string;
  hasEOL?: boolean;
}

/** Text items (pdf.js's, or the locator's runs, which have the same fields) packed into flat arrays. */
export interface PackedItems {
  /** Per item: transform (6), width, height. */
  numbers: Float64Array;
  /** Per item: bit 0 hasEOL, bits 1–2 the direction (0 none, 1 ltr, 2 rtl, 3 ttb). */
  flags: Uint8Array;
  /** Per item: the length of its `str` in `text`, and its font's index in `fonts` (-1: none). */
  lengths: Uint32Array;
  fontIndex: Int32Array;
  text: string;
  fonts: string[];
}

export function packItems(items: readonly TextItemLike[]): PackedItems {
  const numbers = new Float64Array(items.length * NUMBERS);
  const flags = new Uint8Array(items.length);
  const lengths = new Uint32Array(items.length);
  const fontIndex = new Int32Array(items.length);
  const fonts: string[] = [];
  const fontIds = new Map<string, number>();
  const parts: string[] = [];
  items.forEach((t, i) => {
    const o = i * NUMBERS;
    // pdf.js transforms have six numbers; a missing one reads as NaN, which the layout skips
    for (let k = 0; k < 6; k++) numbers[o + k] = t.transform[k] ?? NaN;
    numbers[o + 6] = t.width;
    numbers[o + 7] = t.height;
    flags[i] = (t.hasEOL ? 1 : 0) | (Math.max(0, DIRS.indexOf(t.dir as (typeof DIRS)[number])) << 1);
    lengths[i] = t.str.length;
    parts.push(t.str);
    if (t.fontName === undefined) fontIndex[i] = -1;
    else {
      let id = fontIds.get(t.fontName);
      if (id === undefined) fontIds.set(t.fontName, (id = fonts.push(t.fontName) - 1));
      fontIndex[i] = id;
    }
  });
  return { numbers, flags, lengths, fontIndex, text: parts.join(''), fonts };
}

/** Item `i` of a packing, its `str` starting at `offset` in `packed.text` (the sum of the lengths before it). */
export function unpackItem(packed: PackedItems, i: number, offset: number): TextItemLike & { hasEOL: boolean } {
  const o = i * NUMBERS;
  const n = packed.numbers;
  const item: TextItemLike & { hasEOL: boolean } = {
    str: packed.text.slice(offset, offset + packed.lengths[i]!),
    transform: [n[o]!, n[o + 1]!, n[o + 2]!, n[o + 3]!, n[o + 4]!, n[o + 5]!],
    width: n[o + 6]!,
    height: n[o + 7]!,
    hasEOL: (packed.flags[i]! & 1) === 1,
  };
  const dir = DIRS[(packed.flags[i]! >> 1) & 3];
  if (dir) item.dir = dir;
  const font = packed.fontIndex[i]!;
  if (font >= 0) item.fontName = packed.fonts[font]!;
  return item;
}

export function packTextContent(content: TextContentLike & { lang?: string | null }): PackedTextContent {
  const texts: TextItemLike[] = [];
  const marked: PackedTextContent['marked'] = [];
  content.items.forEach((item, at) => {
    if ('str' in item) texts.push(item as TextItemLike);
    else marked.push({ at, item });
  });
  const packed: PackedTextContent = { ...packItems(texts), marked, styles: content.styles };
  if (content.lang !== undefined) packed.lang = content.lang;
  return packed;
}

export function unpackTextContent(packed: PackedTextContent): UnpackedTextContent {
  const count = packed.flags.length + packed.marked.length;
  const items: object[] = new Array<object>(count);
  for (const { at, item } of packed.marked) items[at] = item;
  let next = 0;
  let offset = 0;
  for (let at = 0; at < count; at++) {
    if (items[at] !== undefined) continue;
    items[at] = unpackItem(packed, next, offset);
    offset += packed.lengths[next++]!;
  }
  const content: UnpackedTextContent = { items, styles: packed.styles };
  if (packed.lang !== undefined) content.lang = packed.lang;
  return content;
}

// Empties the outlines of every glyph a fixture does not draw in a TrueType font, keeping glyph ids, metrics, cmap
// and GSUB as they are. A whole Japanese font is 4.5 MB, which pdf.js then takes seconds to read for every test run;
// pdf-lib's own subsetting (@pdf-lib/fontkit 1.1.1) loses outlines in this font (most glyphs render blank: it packs
// odd-length glyphs into a short `loca`), so we keep the glyph ids and drop only outline data, with a long `loca`.

const TAG = (b: Buffer, at: number) => b.toString('latin1', at, at + 4);

function checksum(b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < b.length; i += 4) sum = (sum + b.readUInt32BE(i)) >>> 0;
  return sum;
}

/** The glyph ids a composite glyph is made of (TrueType `glyf` component records). */
function components(glyph: Buffer): number[] {
  if (glyph.length < 10 || glyph.readInt16BE(0) >= 0) return [];
  const out: number[] = [];
  let at = 10;
  for (;;) {
    const flags = glyph.readUInt16BE(at);
    out.push(glyph.readUInt16BE(at + 2));
    at += 4 + (flags & 0x0001 ? 4 : 2);
    if (flags & 0x0008) at += 2;
    else if (flags & 0x0040) at += 4;
    else if (flags & 0x0080) at += 8;
    if (!(flags & 0x0020)) return out;
  }
}

/** A copy of the font in which only the glyphs in `keep` (and glyph 0, and their components) have outlines. */
export function pruneGlyphs(font: Buffer, keep: Iterable<number>): Buffer {
  const numTables = font.readUInt16BE(4);
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + 16 * i;
    tables.set(TAG(font, rec), font.subarray(font.readUInt32BE(rec + 8), font.readUInt32BE(rec + 8) + font.readUInt32BE(rec + 12)));
  }
  const head = Buffer.from(tables.get('head') as Buffer);
  const loca = tables.get('loca') as Buffer;
  const glyf = tables.get('glyf') as Buffer;
  const numGlyphs = (tables.get('maxp') as Buffer).readUInt16BE(4);
  const long = head.readInt16BE(50) === 1;
  const offset = (g: number) => (long ? loca.readUInt32BE(4 * g) : 2 * loca.readUInt16BE(2 * g));
  const outline = (g: number) => glyf.subarray(offset(g), offset(g + 1));

  const wanted = new Set<number>([0]);
  const queue = [0, ...keep];
  while (queue.length > 0) {
    const g = queue.pop() as number;
    if (g >= numGlyphs) continue;
    wanted.add(g);
    for (const c of components(outline(g))) if (!wanted.has(c)) queue.push(c);
  }
  const parts: Buffer[] = [];
  const newLoca = Buffer.alloc(4 * (numGlyphs + 1));
  let size = 0;
  for (let g = 0; g < numGlyphs; g++) {
    newLoca.writeUInt32BE(size, 4 * g);
    if (!wanted.has(g)) continue;
    const data = outline(g);
    const padded = Buffer.alloc((data.length + 3) & ~3);
    data.copy(padded);
    parts.push(padded);
    size += padded.length;
  }
  newLoca.writeUInt32BE(size, 4 * numGlyphs);
  head.writeInt16BE(1, 50); // indexToLocFormat: long offsets
  head.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  tables.set('head', head);
  tables.set('loca', newLoca);
  tables.set('glyf', Buffer.concat(parts));

  const tags = [...tables.keys()].sort();
  const dir = Buffer.alloc(12 + 16 * tags.length);
  font.copy(dir, 0, 0, 12);
  const body: Buffer[] = [];
  let at = dir.length;
  tags.forEach((tag, i) => {
    const data = tables.get(tag) as Buffer;
    const padded = Buffer.alloc((data.length + 3) & ~3);
    data.copy(padded);
    dir.write(tag, 12 + 16 * i, 'latin1');
    dir.writeUInt32BE(checksum(padded), 12 + 16 * i + 4);
    dir.writeUInt32BE(at, 12 + 16 * i + 8);
    dir.writeUInt32BE(data.length, 12 + 16 * i + 12);
    body.push(padded);
    at += padded.length;
  });
  const out = Buffer.concat([dir, ...body]);
  const headAt = dir.readUInt32BE(12 + 16 * tags.indexOf('head') + 8);
  out.writeUInt32BE((0xb1b0afba - checksum(out)) >>> 0, headAt + 8);
  return out;
}

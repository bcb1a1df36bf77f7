// Decompression bombs (issue 9): a 262 KB PDF whose content stream inflates to 256 MB took the viewer 12.5 s to a
// first canvas and +927 MB; a 1 MB one (1 GB) took the CLI 93 s and 3.6 GB, and both ended in "not located" with no
// reason. pdf.js has no limit on a stream's decoded size (it inflates a content stream whole, once per text or
// operator-list request), so we measure before handing it the document: every Flate stream that could inflate past
// the limit is inflated by the shell (node:zlib in the CLI, DecompressionStream in the browser) until it passes the
// limit, and a document with such a stream is not opened, with a reason the viewer, the review and the CLI all say.
// Pure: the shell hands in the bytes and the capped inflater.

import { translateEnglish, type Translate } from '../i18n/translate.ts';

const MIB = 1024 * 1024;

/** Bytes one stream of a PDF may inflate to (images get room for their own pixels: imageLimit). */
export const MAX_DECODED_STREAM_BYTES = 64 * MIB;
/** An image stream is never refused below its declared pixels' size (up to 16 bits × 4 components), up to this. */
const MAX_IMAGE_STREAM_BYTES = 512 * MIB;
/** Deflate cannot compress better than ~1032:1, so a smaller stream cannot pass the limit and is not inflated. */
const MAX_DEFLATE_RATIO = 1100;
/**
 * The scan's own work is bounded too: all the streams it inflates may come to at most this much in total, or this
 * many times the file's size when that is more (real PDFs compress about 3–10:1). Without it, a 10 MB file of 160
 * streams that each stop just under the per-stream limit would make the scan inflate 10 GB.
 */
const MAX_TOTAL_DECODED_BYTES = 256 * MIB;
const MAX_TOTAL_RATIO = 50;
/** How far back from `stream` its dictionary may start (a dictionary longer than this is not measured). */
const MAX_DICT_BYTES = 16 * 1024;

/**
 * Inflates zlib data until it ends or more than `cap` bytes came out (then stops: memory stays near `cap`).
 * `size` counts what came out (a value over `cap` means "more than cap"); a corrupt stream counts what came before
 * the error. `bytes` is the output when `keep` is set (needed for a chain of filters), else null.
 */
export type CappedInflate = (data: Uint8Array, cap: number, keep: boolean) => Promise<{ size: number; bytes: Uint8Array | null }>;

export interface FlateStream {
  /** The object number of the stream (`12 0 obj`), null when it cannot be read. */
  object: number | null;
  /** The compressed bytes. */
  data: Uint8Array;
  /** How many Flate filters in a row (`[/FlateDecode /FlateDecode]` is 2). */
  stages: number;
  /** Bytes it may inflate to without being refused. */
  limit: number;
}

export interface OversizedStream {
  object: number | null;
  /** Bytes it inflated to before we stopped: more than `limit`. */
  decodedAtLeast: number;
  limit: number;
  /** The file's streams together passed the total limit (no one of them alone): `object` is null. */
  total?: true;
}

const STREAM = [0x73, 0x74, 0x72, 0x65, 0x61, 0x6d]; // "stream"
const isSpace = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0x00;

function latin1(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = Math.max(0, from); i < to; i += 4096) s += String.fromCharCode(...bytes.subarray(i, Math.min(to, i + 4096)));
  return s;
}

function startsWith(bytes: Uint8Array, at: number, word: readonly number[]): boolean {
  for (let k = 0; k < word.length; k++) if (bytes[at + k] !== word[k]) return false;
  return true;
}

/** The start of the dictionary that ends with `>>` at `end` (exclusive), or -1. */
function dictStart(bytes: Uint8Array, end: number): number {
  let depth = 0;
  for (let i = end - 2; i >= 1 && i >= end - MAX_DICT_BYTES; i--) {
    if (bytes[i] === 0x3e && bytes[i + 1] === 0x3e) {
      depth++;
      i--;
    } else if (bytes[i] === 0x3c && bytes[i + 1] === 0x3c) {
      depth--;
      if (depth === 0) return i;
      i--;
    }
  }
  return -1;
}

function intEntry(dict: string, name: 'Width' | 'Height'): number | null {
  const m = (name === 'Width' ? /\/Width\s+(\d{1,9})/ : /\/Height\s+(\d{1,9})/).exec(dict);
  return m ? Number(m[1]) : null;
}

/** How many Flate filters the dictionary names in a row; 0 when it names none, or another filter too. */
function flateStages(dict: string): number {
  const filter = /\/Filter\s*(\[[^\]]{0,2000}\]|\/[A-Za-z0-9]{1,40})/.exec(dict)?.[1];
  if (!filter) return 0;
  const names = filter.match(/\/[A-Za-z0-9]{1,40}/g) ?? [];
  return names.length > 0 && names.every((n) => n === '/FlateDecode' || n === '/Fl') ? names.length : 0;
}

/**
 * Every Flate-only stream of the file that could inflate past its limit, with its compressed bytes. A linear scan of
 * the raw bytes for `stream` keywords (streams are never inside object streams, so none is missed by compression);
 * encrypted streams are found too but will not inflate, and count as small.
 */
export function candidateStreams(bytes: Uint8Array, limit = MAX_DECODED_STREAM_BYTES): FlateStream[] {
  const found: FlateStream[] = [];
  let at = 0;
  for (;;) {
    const p = bytes.indexOf(STREAM[0]!, at);
    if (p < 0 || p + STREAM.length > bytes.length) break;
    at = p + 1;
    if (!startsWith(bytes, p, STREAM)) continue;
    // "endstream", or a word that merely ends in "stream"
    if (p >= 3 && bytes[p - 1] === 0x64 && bytes[p - 2] === 0x6e && bytes[p - 3] === 0x65) continue;
    const after = bytes[p + 6];
    if (after !== 0x0a && after !== 0x0d) continue;
    const dataStart = after === 0x0d && bytes[p + 7] === 0x0a ? p + 8 : p + 7;
    let q = p;
    while (q > 0 && isSpace(bytes[q - 1])) q--;
    if (bytes[q - 1] !== 0x3e || bytes[q - 2] !== 0x3e) continue;
    const start = dictStart(bytes, q);
    if (start < 0) continue;
    const dict = latin1(bytes, start, q);
    const stages = flateStages(dict);
    if (stages === 0) continue;
    const length = /\/Length\s+(\d{1,12})(\s+\d{1,6}\s+R)?/.exec(dict);
    let dataEnd = length && !length[2] ? dataStart + Number(length[1]) : -1;
    if (dataEnd < dataStart || dataEnd > bytes.length) {
      const end = indexOfWord(bytes, 'endstream', dataStart);
      dataEnd = end < 0 ? bytes.length : end;
    }
    at = Math.max(at, dataEnd);
    let streamLimit = limit;
    if (/\/Subtype\s*\/Image/.test(dict)) {
      const pixels = (intEntry(dict, 'Width') ?? 0) * (intEntry(dict, 'Height') ?? 0);
      streamLimit = Math.max(limit, Math.min(MAX_IMAGE_STREAM_BYTES, pixels * 8));
    }
    if ((dataEnd - dataStart) * MAX_DEFLATE_RATIO ** stages <= streamLimit) continue;
    const object = /(\d{1,10})\s+\d{1,5}\s+obj\s*$/.exec(latin1(bytes, start - 32, start));
    found.push({ object: object ? Number(object[1]) : null, data: bytes.subarray(dataStart, dataEnd), stages, limit: streamLimit });
  }
  return found;
}

function indexOfWord(bytes: Uint8Array, word: string, from: number): number {
  const codes = Array.from(word, (c) => c.charCodeAt(0));
  for (let i = bytes.indexOf(codes[0]!, from); i >= 0; i = bytes.indexOf(codes[0]!, i + 1)) {
    if (startsWith(bytes, i, codes)) return i;
  }
  return -1;
}

/** The total the streams of a file of `fileBytes` bytes may inflate to (see MAX_TOTAL_DECODED_BYTES). */
export function totalLimit(fileBytes: number, limit = MAX_DECODED_STREAM_BYTES): number {
  return Math.floor(Math.max(MAX_TOTAL_DECODED_BYTES * (limit / MAX_DECODED_STREAM_BYTES), fileBytes * MAX_TOTAL_RATIO));
}

/** The first stream of the file that inflates past its limit (or past what is left of the total), or null. */
export async function findOversizedStream(bytes: Uint8Array, inflate: CappedInflate, limit = MAX_DECODED_STREAM_BYTES): Promise<OversizedStream | null> {
  const total = totalLimit(bytes.length, limit);
  let spent = 0;
  for (const stream of candidateStreams(bytes, limit)) {
    let data = stream.data;
    for (let stage = 1; stage <= stream.stages; stage++) {
      const last = stage === stream.stages;
      const left = total - spent;
      const out = await inflate(data, Math.min(stream.limit, left), !last);
      if (out.size > stream.limit) return { object: stream.object, decodedAtLeast: out.size, limit: stream.limit };
      if (out.size > left) return { object: null, decodedAtLeast: spent + out.size, limit: total, total: true };
      if (last) spent += out.size;
      if (last || !out.bytes) break;
      data = out.bytes;
    }
  }
  return null;
}

/**
 * What the viewer ("Could not open this PDF: …"), the review and the CLI say about such a document: English unless a
 * translator is handed in (the viewer's, so a Persian UI says it in Persian).
 */
export function oversizedStreamReason(found: OversizedStream, t: Translate = translateEnglish): string {
  const limit = Math.round(found.limit / MIB);
  if (found.total) return t('loadError.tooLargeTotal', { limit });
  return found.object !== null ? t('loadError.tooLargeStream', { object: found.object, limit }) : t('loadError.tooLargeStreamUnnamed', { limit });
}

/** The error a shell throws for such a document (named, so the viewer can tell it from a damaged file). */
export class ContentTooLargeError extends Error {
  constructor(readonly found: OversizedStream) {
    super(oversizedStreamReason(found));
    this.name = 'ContentTooLargeError';
  }
}

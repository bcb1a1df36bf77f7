import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

// Every file the command line reads goes through here. readFileSync on a FIFO (or a terminal, a socket, /dev/zero)
// waits for a writer forever or never ends; opening with O_NONBLOCK returns at once, and the handle's fstat says
// what it is, so anything but a regular file is refused before a byte is read. Files over a cap are refused by
// their size, before they are read: a PDF of gigabytes or a JSON file of hundreds of megabytes would only end in
// an out-of-memory crash several minutes later.

/** A PDF the locator and the audit read. */
export const MAX_PDF_BYTES = 512 * 1024 * 1024;
/** Answer files, quote lists, meta files, Markdown and text documents. */
export const MAX_TEXT_BYTES = 64 * 1024 * 1024;

export class InputFileError extends Error {
  override readonly name = 'InputFileError';
}

function kindOf(s: Stats): string {
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isDirectory()) return 'a directory';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function size(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The bytes of a regular file of at most `maxBytes`; throws InputFileError (a message naming the file) otherwise. */
export function readInputFile(file: string, maxBytes: number): Buffer {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new InputFileError(`cannot read ${file}: ${(e as Error).message}`);
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile()) throw new InputFileError(`cannot read ${file}: it is ${kindOf(s)}, not a regular file`);
    if (s.size > maxBytes) throw new InputFileError(`cannot read ${file}: it is too large (${size(s.size)}; at most ${size(maxBytes)})`);
    // Read at most maxBytes + 1: a file that grows after the fstat cannot slip past the cap.
    const buffer = Buffer.allocUnsafe(Math.min(s.size, maxBytes) + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const n = readSync(fd, buffer, filled, buffer.length - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    if (filled > maxBytes) throw new InputFileError(`cannot read ${file}: it is too large (more than ${size(maxBytes)})`);
    return buffer.subarray(0, filled);
  } finally {
    closeSync(fd);
  }
}

/** A UTF-8 text file (a byte order mark dropped), under the text cap. */
export function readInputText(file: string, maxBytes = MAX_TEXT_BYTES): string {
  const text = readInputFile(file, maxBytes).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

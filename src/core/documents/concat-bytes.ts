// Joining the chunks of a stream read (a download, an inflated stream) into one buffer: pure, for the shells that
// read them.

/** The chunks in order, in one buffer of `size` bytes (their total); the only chunk itself when there is one. */
export function concatBytes(chunks: readonly Uint8Array[], size = chunks.reduce((n, c) => n + c.byteLength, 0)): Uint8Array {
  if (chunks.length === 1 && chunks[0]!.byteLength === size) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

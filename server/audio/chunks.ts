/** A chunk of a RIFF (WAV) or IFF (AIFF) file: a four-character id and its body. */
export interface Chunk {
  id: string;
  body: Uint8Array;
}

/**
 * Chunks as they follow the audio's own in a file, each padded to an even length (RIFF and IFF
 * both do); RIFF sizes are little-endian, IFF's big-endian. The container's size in the file's
 * header counts them, and readers find tags by walking the chunks.
 */
export function encodeChunks(chunks: readonly Chunk[], littleEndian: boolean): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const { id, body } of chunks) {
    const header = new Uint8Array(8);
    header.set(Buffer.from(id, 'latin1'));
    new DataView(header.buffer).setUint32(4, body.length, littleEndian);
    parts.push(header, body);
    if (body.length % 2 === 1) parts.push(new Uint8Array(1));
  }
  return Buffer.concat(parts);
}

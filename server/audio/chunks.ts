/** A chunk of a RIFF (WAV) or IFF (AIFF) file: a four-character id and its body. */
export interface Chunk {
  id: string;
  body: Uint8Array;
}

/**
 * Appends chunks after the ones a file has, fixing the container's size: the audio's own chunks
 * keep their offsets (a 44-byte WAV header stays one), and readers find tags by walking the chunks.
 * RIFF sizes are little-endian, IFF's big-endian; both pad odd bodies to an even length.
 */
export function appendChunks(file: Uint8Array, chunks: readonly Chunk[], littleEndian: boolean): Uint8Array {
  const parts: Uint8Array[] = [file];
  for (const { id, body } of chunks) {
    const header = new Uint8Array(8);
    header.set(Buffer.from(id, 'latin1'));
    new DataView(header.buffer).setUint32(4, body.length, littleEndian);
    parts.push(header, body);
    if (body.length % 2 === 1) parts.push(new Uint8Array(1));
  }
  const out = Buffer.concat(parts);
  new DataView(out.buffer, out.byteOffset, out.byteLength).setUint32(4, out.length - 8, littleEndian);
  return out;
}

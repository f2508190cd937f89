/**
 * FLAC's container: the `fLaC` marker, then metadata blocks each behind a 4-byte header (last-block
 * flag, 7-bit type, 24-bit length), then the audio frames (https://www.rfc-editor.org/rfc/rfc9639).
 */
export const flacBlockType = {
  streamInfo: 0,
  padding: 1,
  seekTable: 3,
  vorbisComment: 4,
  picture: 6,
} as const;

export interface FlacBlock {
  type: number;
  body: Uint8Array;
}

const maxBlockBytes = 2 ** 24 - 1;

/** `fLaC` and the blocks in order, the last one flagged as such; a block too long to frame is refused. */
export function flacMetadata(blocks: readonly FlacBlock[]): Uint8Array {
  if (blocks[0]?.type !== flacBlockType.streamInfo)
    throw new Error('A FLAC stream starts with its STREAMINFO block');
  const total = 4 + blocks.reduce((sum, block) => sum + 4 + block.body.length, 0);
  const bytes = new Uint8Array(total);
  bytes.set([0x66, 0x4c, 0x61, 0x43]);
  let offset = 4;
  blocks.forEach((block, index) => {
    if (block.body.length > maxBlockBytes)
      throw new Error(`FLAC metadata block of type ${block.type} is too long`);
    const last = index === blocks.length - 1 ? 0x80 : 0;
    bytes[offset] = last | block.type;
    bytes[offset + 1] = block.body.length >>> 16;
    bytes[offset + 2] = (block.body.length >>> 8) & 0xff;
    bytes[offset + 3] = block.body.length & 0xff;
    bytes.set(block.body, offset + 4);
    offset += 4 + block.body.length;
  });
  return bytes;
}

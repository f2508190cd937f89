/**
 * FLAC's container: the `fLaC` marker, then metadata blocks each behind a 4-byte header (last-block
 * flag, 7-bit type, 24-bit length), then the audio frames (https://www.rfc-editor.org/rfc/rfc9639).
 */
import { concatBytes } from '../bytes.ts';

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

/** One block behind its header (last-block flag, type, 24-bit length); a block too long to frame is refused. */
export function flacBlockBytes(block: FlacBlock, last: boolean): Uint8Array {
  const length = block.body.length;
  if (length > maxBlockBytes) throw new Error(`FLAC metadata block of type ${block.type} is too long`);
  const bytes = new Uint8Array(4 + length);
  bytes.set([(last ? 0x80 : 0) | block.type, length >>> 16, (length >>> 8) & 0xff, length & 0xff]);
  bytes.set(block.body, 4);
  return bytes;
}

/** `fLaC` and the blocks in order, the last one flagged as such. */
export function flacMetadata(blocks: readonly FlacBlock[]): Uint8Array {
  if (blocks[0]?.type !== flacBlockType.streamInfo)
    throw new Error('A FLAC stream starts with its STREAMINFO block');
  return concatBytes([
    Uint8Array.of(0x66, 0x4c, 0x61, 0x43),
    ...blocks.map((block, index) => flacBlockBytes(block, index === blocks.length - 1)),
  ]);
}

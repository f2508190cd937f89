import type { AudioTags, CoverArt } from '../id3/writer.ts';
import type { SeratoObject } from '../serato/frames.ts';
import { vorbisCommentBlock, vorbisComments } from '../vorbis-comment/writer.ts';
import { type FlacBlock, flacBlockType } from './metadata-blocks.ts';

/**
 * A PICTURE block of type 3, "Cover (front)": MIME type, no description, and 0 for the size and
 * colour fields, which the format allows when unknown (readers take them from the image).
 */
export function frontCoverBlock(cover: CoverArt): FlacBlock {
  const mime = new TextEncoder().encode('image/jpeg');
  const body = new Uint8Array(32 + mime.length + cover.bytes.length);
  const view = new DataView(body.buffer);
  view.setUint32(0, 3);
  view.setUint32(4, mime.length);
  body.set(mime, 8);
  let at = 8 + mime.length;
  view.setUint32(at, 0); // description length
  at += 4 + 16; // width, height, depth, colours: unknown
  view.setUint32(at, cover.bytes.length);
  body.set(cover.bytes, at + 4);
  return { type: flacBlockType.picture, body };
}

/** The tag blocks of a FLAC file: the Vorbis comments (with Serato's objects), then the cover. */
export function flacTagBlocks(tags: AudioTags, objects: readonly SeratoObject[] = []): FlacBlock[] {
  return [
    { type: flacBlockType.vorbisComment, body: vorbisCommentBlock(vorbisComments(tags, objects)) },
    ...(tags.cover ? [frontCoverBlock(tags.cover)] : []),
  ];
}

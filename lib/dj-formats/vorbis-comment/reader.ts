/**
 * A FLAC file's Vorbis comment block (the tags of FLAC and Ogg): little-endian lengths, a vendor
 * string, then `NAME=value` comments in UTF-8. Read for the collection import.
 */
import type { FileTags } from '../collection-track.ts';

const uint32 = (b: Uint8Array, at: number): number =>
  new DataView(b.buffer, b.byteOffset + at, 4).getUint32(0, true);

const vorbisFields: Record<string, keyof FileTags> = {
  TITLE: 'title',
  ARTIST: 'artists',
  ARTISTS: 'artists',
  MIXNAME: 'mix',
  SUBTITLE: 'mix',
  REMIXER: 'remixers',
  ALBUM: 'album',
  LABEL: 'label',
  ORGANIZATION: 'label',
  KEY: 'key',
  INITIALKEY: 'key',
  BPM: 'bpm',
  ISRC: 'isrc',
};

/** A FLAC Vorbis comment block's body: little-endian lengths, `NAME=value` in UTF-8. */
export function parseVorbisComment(body: Uint8Array): FileTags {
  const utf8 = new TextDecoder();
  const values = new Map<keyof FileTags, string[]>();
  let at = 4 + uint32(body, 0);
  const count = uint32(body, at);
  at += 4;
  for (let i = 0; i < count && at + 4 <= body.length; i++) {
    const length = uint32(body, at);
    const comment = utf8.decode(body.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    const equals = comment.indexOf('=');
    const field = vorbisFields[comment.slice(0, equals).toUpperCase()];
    if (field) values.set(field, [...(values.get(field) ?? []), comment.slice(equals + 1).trim()]);
  }
  return Object.fromEntries([...values].map(([field, list]) => [field, list.join(', ')]));
}

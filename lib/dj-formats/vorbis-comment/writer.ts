/**
 * A FLAC file's Vorbis comment block, written: the same facts as our ID3 tag (lib/dj-formats/id3/)
 * under the field names MusicBrainz Picard writes (https://picard-docs.musicbrainz.org/en/appendices/tag_mapping.html),
 * which the reader beside this one, mutagen, music-metadata and DJ software read, and the
 * store's analysis as the comments Serato keeps in a FLAC file.
 */
import { type AudioTags, joinedNames } from '../id3/writer.ts';
import { tonality } from '../saved-file.ts';
import { type SeratoObject, seratoVorbisComment } from '../serato/frames.ts';

/** Who wrote the block, the first string of every Vorbis comment. */
const vendor = 'Crate';

/** The comments of a file, name and value, several values of a field as several comments. */
export function vorbisComments(tags: AudioTags, objects: readonly SeratoObject[] = []): [string, string][] {
  const each = (name: string, values: readonly string[]) =>
    values.map((value): [string, string] => [name, value]);
  return [
    ['TITLE', tags.title],
    ['SUBTITLE', tags.mixName],
    // One display string for players that take the first ARTIST, and each name in ARTISTS.
    ['ARTIST', joinedNames(tags.artists)],
    ...each('ARTISTS', tags.artists),
    ...each('REMIXER', tags.remixers),
    ['ALBUM', tags.album],
    ['LABEL', tags.label],
    ['CATALOGNUMBER', tags.catalogNumber],
    ['DATE', tags.releaseDate],
    ['TRACKNUMBER', String(tags.trackNumber)],
    ['TRACKTOTAL', String(tags.trackTotal)],
    // Rounded as in the ID3 tag, so every format of a track says the same tempo.
    ['BPM', String(Math.round(tags.analysis?.bpm ?? tags.bpm))],
    ['INITIALKEY', tonality(tags.key)],
    ['GENRE', tags.genre],
    ['ISRC', tags.isrc],
    ...objects.flatMap((object): [string, string][] => {
      const comment = seratoVorbisComment(object);
      return comment ? [[comment.name, comment.value]] : [];
    }),
  ];
}

/** A Vorbis comment field name: printable ASCII but `=` (the spec's 0x20–0x7D less 0x3D). */
const fieldName = /^[\x20-\x3c\x3e-\x7d]+$/;

/** The block body: vendor, count, then `NAME=value` in UTF-8, all lengths 32-bit little-endian. */
export function vorbisCommentBlock(comments: readonly [string, string][]): Uint8Array {
  const utf8 = new TextEncoder();
  const strings = [
    utf8.encode(vendor),
    ...comments.map(([name, value]) => {
      if (!fieldName.test(name)) throw new Error(`"${name}" cannot name a Vorbis comment`);
      return utf8.encode(`${name}=${value}`);
    }),
  ];
  const bytes = new Uint8Array(4 + strings.reduce((sum, string) => sum + 4 + string.length, 0));
  const view = new DataView(bytes.buffer);
  let at = 0;
  strings.forEach((string, index) => {
    view.setUint32(at, string.length, true);
    bytes.set(string, at + 4);
    at += 4 + string.length;
    // The count of comments follows the vendor string.
    if (index === 0) {
      view.setUint32(at, comments.length, true);
      at += 4;
    }
  });
  return bytes;
}

/**
 * A music file's tags, read in the browser with only the bytes they take: the ID3v2 tag in front
 * of an MP3 (ID3v1 at its end when there is none), the `id3 ` chunk of a WAV, the `ID3 ` chunk of an
 * AIFF, the Vorbis comment block of a FLAC. A chunk walk reads 8 or 12 bytes per chunk, never audio.
 * The tags themselves are read by the formats' readers (lib/dj-formats/id3/, vorbis-comment/).
 */
import type { CollectionTrack, FileTags } from '../../dj-formats/collection-track.ts';
import { ascii, parseId3v2, syncsafe, uint32 } from '../../dj-formats/id3/reader.ts';
import { parseVorbisComment } from '../../dj-formats/vorbis-comment/reader.ts';

const bytesOf = async (file: Blob, start: number, length: number): Promise<Uint8Array> =>
  new Uint8Array(await file.slice(start, start + length).arrayBuffer());

/** ID3v1: the last 128 bytes, Latin-1, 30 characters a field. */
function parseId3v1(bytes: Uint8Array): FileTags {
  const field = (start: number) =>
    new TextDecoder('windows-1252')
      .decode(bytes.subarray(start, start + 30))
      .replace(/\0.*$/s, '')
      .trim();
  return { title: field(3), artists: field(33), album: field(63) };
}

/** The metadata blocks after "fLaC": 4-byte headers, the last one flagged; type 4 is the comment. */
async function flacTags(file: Blob): Promise<FileTags | null> {
  for (let at = 4; at + 4 <= file.size; ) {
    const header = await bytesOf(file, at, 4);
    const length = ((header[1] as number) << 16) | ((header[2] as number) << 8) | (header[3] as number);
    if (((header[0] as number) & 0x7f) === 4) return parseVorbisComment(await bytesOf(file, at + 4, length));
    if ((header[0] as number) & 0x80) return null;
    at += 4 + length;
  }
  return null;
}

/** RIFF (little-endian) or IFF (big-endian) chunks after a 12-byte header, looking for the ID3 one. */
async function chunkTags(file: Blob, little: boolean): Promise<FileTags | null> {
  for (let at = 12; at + 8 <= file.size; ) {
    const header = await bytesOf(file, at, 8);
    const size = uint32(header, 4, little);
    if (ascii(header, 0, 4).toUpperCase() === 'ID3 ') return parseId3v2(await bytesOf(file, at + 8, size));
    at += 8 + size + (size % 2);
  }
  return null;
}

/** The file's tags, or null when it carries none this reader knows. */
export async function readFileTags(file: Blob): Promise<FileTags | null> {
  const head = await bytesOf(file, 0, 12);
  const magic = ascii(head, 0, 4);
  if (magic.startsWith('ID3')) return parseId3v2(await bytesOf(file, 0, 10 + syncsafe(head, 6)));
  if (magic === 'fLaC') return flacTags(file);
  if (magic === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return chunkTags(file, true);
  if (magic === 'FORM' && /^AIF[FC]$/.test(ascii(head, 8, 4))) return chunkTags(file, false);
  const tail = file.size >= 128 ? await bytesOf(file, file.size - 128, 128) : new Uint8Array();
  return ascii(tail, 0, 3) === 'TAG' ? parseId3v1(tail) : null;
}

/** The collection track a file's tags describe. */
export function trackOfTags(tags: FileTags, location: string): CollectionTrack {
  return {
    artists: tags.artists ?? '',
    title: tags.title ?? '',
    mix: tags.mix ?? '',
    remixers: tags.remixers ?? '',
    album: tags.album ?? '',
    label: tags.label ?? '',
    location,
    key: tags.key ?? '',
    bpm: Number.parseFloat(tags.bpm ?? '') || null,
    isrc: tags.isrc ?? null,
  };
}

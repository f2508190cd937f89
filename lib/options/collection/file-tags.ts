/**
 * A music file's tags, read in the browser with only the bytes they take: the ID3v2 tag in front
 * of an MP3 (ID3v1 at its end when there is none), the `id3 ` chunk of a WAV, the `ID3 ` chunk of an
 * AIFF, the Vorbis comment block of a FLAC. A chunk walk reads 8 or 12 bytes per chunk, never audio.
 */
import type { CollectionTrack } from './collection-track.ts';

export type FileTags = Partial<
  Record<'artists' | 'title' | 'mix' | 'remixers' | 'album' | 'label' | 'key' | 'bpm' | 'isrc', string>
>;

const bytesOf = async (file: Blob, start: number, length: number): Promise<Uint8Array> =>
  new Uint8Array(await file.slice(start, start + length).arrayBuffer());

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const syncsafe = (b: Uint8Array, at: number): number =>
  ((b[at] as number) << 21) |
  ((b[at + 1] as number) << 14) |
  ((b[at + 2] as number) << 7) |
  (b[at + 3] as number);

const uint32 = (b: Uint8Array, at: number, little: boolean): number =>
  new DataView(b.buffer, b.byteOffset + at, 4).getUint32(0, little);

/** An ID3 text frame's text: its first byte names the encoding; several values are NUL-separated. */
function id3Text(body: Uint8Array): string[] {
  const encoding = body[0];
  const label =
    encoding === 1 ? 'utf-16' : encoding === 2 ? 'utf-16be' : encoding === 3 ? 'utf-8' : 'windows-1252';
  return new TextDecoder(label)
    .decode(body.subarray(1))
    .split('\0')
    .map((value) => value.trim())
    .filter(Boolean);
}

/** Undoes ID3's unsynchronisation: FF 00 stands for FF. */
const resync = (bytes: Uint8Array): Uint8Array => {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    out.push(bytes[i] as number);
    if (bytes[i] === 0xff && bytes[i + 1] === 0) i++;
  }
  return Uint8Array.from(out);
};

const id3Fields: Record<string, keyof FileTags> = {
  TIT2: 'title',
  TT2: 'title',
  TIT3: 'mix',
  TT3: 'mix',
  TPE1: 'artists',
  TP1: 'artists',
  TPE4: 'remixers',
  TP4: 'remixers',
  TALB: 'album',
  TAL: 'album',
  TPUB: 'label',
  TPB: 'label',
  TKEY: 'key',
  TKE: 'key',
  TBPM: 'bpm',
  TBP: 'bpm',
  TSRC: 'isrc',
  TRC: 'isrc',
};

/** The fields of a whole ID3v2 tag (header included): versions 2.2, 2.3 and 2.4. */
export function parseId3v2(tag: Uint8Array): FileTags {
  const version = tag[3] as number;
  const flags = tag[5] as number;
  let body = tag.subarray(10, 10 + syncsafe(tag, 6));
  if (flags & 0x80 && version < 4) body = resync(body);
  let at =
    version >= 3 && flags & 0x40 ? (version === 4 ? syncsafe(body, 0) : uint32(body, 0, false) + 4) : 0;
  const idLength = version === 2 ? 3 : 4;
  const headerLength = version === 2 ? 6 : 10;
  const tags: FileTags = {};
  while (at + headerLength <= body.length && body[at] !== 0) {
    const id = ascii(body, at, idLength);
    const size =
      version === 2
        ? ((body[at + 3] as number) << 16) | ((body[at + 4] as number) << 8) | (body[at + 5] as number)
        : version === 4
          ? syncsafe(body, at + 4)
          : uint32(body, at + 4, false);
    let frame = body.subarray(at + headerLength, at + headerLength + size);
    if (version === 4 && (body[at + 9] as number) & 0x02) frame = resync(frame);
    const field = id3Fields[id];
    if (field && tags[field] === undefined) tags[field] = id3Text(frame).join(', ');
    else if (id === 'TXXX' && !tags.artists?.includes(',')) {
      const [description, ...values] = id3Text(frame);
      if (description === 'ARTISTS' && values.length > 1) tags.artists = values.join(', ');
    }
    at += headerLength + size;
  }
  return tags;
}

/** ID3v1: the last 128 bytes, Latin-1, 30 characters a field. */
function parseId3v1(bytes: Uint8Array): FileTags {
  const field = (start: number) =>
    new TextDecoder('windows-1252')
      .decode(bytes.subarray(start, start + 30))
      .replace(/\0.*$/s, '')
      .trim();
  return { title: field(3), artists: field(33), album: field(63) };
}

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
  let at = 4 + uint32(body, 0, true);
  const count = uint32(body, at, true);
  at += 4;
  for (let i = 0; i < count && at + 4 <= body.length; i++) {
    const length = uint32(body, at, true);
    const comment = utf8.decode(body.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    const equals = comment.indexOf('=');
    const field = vorbisFields[comment.slice(0, equals).toUpperCase()];
    if (field) values.set(field, [...(values.get(field) ?? []), comment.slice(equals + 1).trim()]);
  }
  return Object.fromEntries([...values].map(([field, list]) => [field, list.join(', ')]));
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

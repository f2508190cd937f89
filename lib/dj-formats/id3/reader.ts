/**
 * Reading an ID3v2 tag (2.2, 2.3, 2.4): its frames, the text fields DJ software and the collection
 * import read (title, mix, artists, remixers, album, label, key, tempo, ISRC), and the GEOB objects
 * Serato keeps its analysis in. The writer (writer.ts) writes v2.3 with the same frames.
 */
import { latin1Text } from '../bytes.ts';
import type { FileTags } from '../collection-track.ts';

/** Chunk and frame ids: `length` bytes as ASCII. */
export const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/** ID3v2's sizes: four bytes of seven bits each. */
export const syncsafe = (b: Uint8Array, at: number): number =>
  ((b[at] as number) << 21) |
  ((b[at + 1] as number) << 14) |
  ((b[at + 2] as number) << 7) |
  (b[at + 3] as number);

export const uint32 = (b: Uint8Array, at: number, little: boolean): number =>
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

/** One frame of an ID3v2 tag: its id ("TIT2", or "TT2" in v2.2) and its body, unsynchronisation undone. */
export interface Id3Frame {
  id: string;
  body: Uint8Array;
}

/** The frames of a whole ID3v2 tag (header included), in order: versions 2.2, 2.3 and 2.4. */
export function readId3Frames(tag: Uint8Array): Id3Frame[] {
  const version = tag[3] as number;
  const flags = tag[5] as number;
  let body = tag.subarray(10, 10 + syncsafe(tag, 6));
  if (flags & 0x80 && version < 4) body = resync(body);
  let at =
    version >= 3 && flags & 0x40 ? (version === 4 ? syncsafe(body, 0) : uint32(body, 0, false) + 4) : 0;
  const idLength = version === 2 ? 3 : 4;
  const headerLength = version === 2 ? 6 : 10;
  const frames: Id3Frame[] = [];
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
    frames.push({ id, body: frame });
    at += headerLength + size;
  }
  return frames;
}

/** The fields of a whole ID3v2 tag (header included): versions 2.2, 2.3 and 2.4. */
export function parseId3v2(tag: Uint8Array): FileTags {
  const tags: FileTags = {};
  for (const { id, body } of readId3Frames(tag)) {
    const field = id3Fields[id];
    if (field && tags[field] === undefined) tags[field] = id3Text(body).join(', ');
    else if (id === 'TXXX' && !tags.artists?.includes(',')) {
      const [description, ...values] = id3Text(body);
      if (description === 'ARTISTS' && values.length > 1) tags.artists = values.join(', ');
    }
  }
  return tags;
}

/**
 * A GEOB frame's object (as encapsulatedObject writes it, and Serato): the encoding byte, the MIME
 * type, the file name and the description each ending in NUL, then the data. Latin-1 only: Serato
 * writes nothing else.
 */
export function encapsulatedObjectOf(body: Uint8Array): {
  mimeType: string;
  fileName: string;
  description: string;
  data: Uint8Array;
} {
  const fields: string[] = [];
  let at = 1;
  for (let i = 0; i < 3; i++) {
    const end = body.indexOf(0, at);
    if (end < 0) throw new Error('A cut GEOB frame.');
    fields.push(latin1Text(body.subarray(at, end)));
    at = end + 1;
  }
  const [mimeType = '', fileName = '', description = ''] = fields;
  return { mimeType, fileName, description, data: body.subarray(at) };
}

/** The GEOB objects of an ID3v2 tag (Serato's analysis among them), by description. */
export const encapsulatedObjects = (tag: Uint8Array) =>
  readId3Frames(tag)
    .filter((frame) => frame.id === 'GEOB')
    .map((frame) => encapsulatedObjectOf(frame.body));

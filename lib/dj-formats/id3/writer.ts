import type { TrackAnalysis } from '../../contract/track-analysis.ts';
import { concatBytes, latin1Bytes, utf16Bytes } from '../bytes.ts';
import { tonality } from '../saved-file.ts';
import type { SeratoObject } from '../serato/frames.ts';

/** A front cover to embed in a file: a JPEG, with a name for its content (cache keys use it). */
export interface CoverArt {
  bytes: Uint8Array;
  etag: string;
}

/**
 * The tags DJ software reads from a file, the same set in every format: title with mix, mix name,
 * artists, remixers, release, label, catalog number, release date, track number of total, tempo,
 * key, genre, ISRC and the front cover.
 */
export interface AudioTags {
  /** "Name (Mix Name)", as stores and DJ software show it. */
  title: string;
  mixName: string;
  artists: string[];
  remixers: string[];
  album: string;
  label: string;
  catalogNumber: string;
  /** The release's date, "YYYY-MM-DD". */
  releaseDate: string;
  trackNumber: number;
  trackTotal: number;
  bpm: number;
  /** "F# Minor", "Ab Major"; written in the standard notation ("F#m", "Ab"). */
  key: string;
  genre: string;
  isrc: string;
  cover?: CoverArt;
  /** The store's analysis of the track: its tempo (rounded in TBPM), and Serato's objects. */
  analysis?: TrackAnalysis;
}

/** How several artists read in a single-valued field. */
export const joinedNames = (names: readonly string[]) => names.join(', ');

const latin1 = (text: string) => [...text].every((char) => (char.codePointAt(0) as number) <= 0xff);

/** UTF-16 with a byte order mark (little-endian, as Windows taggers write it). */
const utf16 = (text: string) => concatBytes([Uint8Array.of(0xff, 0xfe), utf16Bytes(text, true)]);

/**
 * ID3v2.3 text is ISO-8859-1 (0) or UTF-16 with a BOM (1); v2.3 has no UTF-8. Latin-1 is read by
 * every reader, UTF-16 covers the rest. Each string of a frame (a TXXX's description and value)
 * has its own BOM and ends in a NUL of the encoding's width.
 */
function encodeStrings(strings: readonly string[]): Uint8Array {
  if (strings.every(latin1)) return concatBytes([Uint8Array.of(0), latin1Bytes(strings.join('\0'))]);
  const parts = strings.map((value, index) =>
    index < strings.length - 1 ? concatBytes([utf16(value), new Uint8Array(2)]) : utf16(value),
  );
  return concatBytes([Uint8Array.of(1), ...parts]);
}

/** A 28-bit number as four 7-bit bytes: how ID3v2 writes the tag's size. */
function syncsafe(size: number): Uint8Array {
  return Uint8Array.of((size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f);
}

/** A v2.3 frame: id, size as a plain 32-bit big-endian number (v2.4 made it syncsafe), no flags. */
function frame(id: string, body: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(10 + body.length);
  bytes.set(latin1Bytes(id));
  new DataView(bytes.buffer).setUint32(4, body.length);
  bytes.set(body, 10);
  return bytes;
}

/**
 * v2.3 has one value per text frame; several are joined with "/", the separator the v2.3 text says
 * for people frames and what Picard and mutagen write (and music-metadata splits on).
 */
const text = (id: string, ...values: string[]) => frame(id, encodeStrings([values.join('/')]));

/** TXXX: a user-defined text frame, a description then the value. */
const userText = (description: string, ...values: string[]) =>
  frame('TXXX', encodeStrings([description, values.join('/')]));

/** "2026-03-14" as v2.3's dates: TYER "2026" and TDAT "1403" (day, then month). */
const yearOf = (date: string) => date.slice(0, 4);
const dayMonthOf = (date: string) => `${date.slice(8, 10)}${date.slice(5, 7)}`;

/**
 * TCON in v2.3 may start with "(21)" references to ID3v1 genres, so a genre that itself starts
 * with "(" has it doubled, the spec's escape. Only there: TagLib, FFmpeg, mutagen and ExifTool show
 * a "((" inside the text as two characters.
 */
const genreText = (genre: string) => (genre.startsWith('(') ? `(${genre}` : genre);

/** APIC with picture type 3, "Cover (front)", and no description. */
function frontCover(cover: CoverArt): Uint8Array {
  return frame(
    'APIC',
    concatBytes([Uint8Array.of(0), latin1Bytes('image/jpeg\0'), Uint8Array.of(3, 0), cover.bytes]),
  );
}

/**
 * The ID3v2.3 frames of a file: v2.3's own frames where it has one, and the TXXX descriptions
 * MusicBrainz Picard writes for the rest (catalog number, each artist, the release date v2.3 has no
 * frame for), which DJ software and taggers read.
 */
export function id3Frames(tags: AudioTags): Uint8Array[] {
  return [
    text('TIT2', tags.title),
    // TIT3, "subtitle/description refinement": where the mix name goes.
    text('TIT3', tags.mixName),
    // One display string for readers that take a single artist, and each name in TXXX:ARTISTS.
    text('TPE1', joinedNames(tags.artists)),
    userText('ARTISTS', ...tags.artists),
    // TPE4: "interpreted, remixed, or otherwise modified by".
    ...(tags.remixers.length > 0 ? [text('TPE4', ...tags.remixers)] : []),
    text('TALB', tags.album),
    text('TPUB', tags.label),
    userText('CATALOGNUMBER', tags.catalogNumber),
    // TYER and TDAT are v2.3's date; TXXX:RELEASEDATE keeps the whole date, as Picard writes TDRL in v2.3.
    text('TYER', yearOf(tags.releaseDate)),
    text('TDAT', dayMonthOf(tags.releaseDate)),
    userText('RELEASEDATE', tags.releaseDate),
    text('TRCK', `${tags.trackNumber}/${tags.trackTotal}`),
    // ID3v2.3 defines TBPM as an integer: readers that follow it (music-metadata) cut "144.97" to
    // 144. The measured tempo, rounded; its decimals are in Serato's BeatGrid and the crate exports.
    text('TBPM', String(Math.round(tags.analysis?.bpm ?? tags.bpm))),
    // The key in standard notation, the one rule every format spells it by (lib/contract/musical-key.ts).
    text('TKEY', tonality(tags.key)),
    text('TCON', genreText(tags.genre)),
    text('TSRC', tags.isrc),
    ...(tags.cover ? [frontCover(tags.cover)] : []),
  ];
}

/** GEOB: a general encapsulated object, Latin-1, with its MIME type, no file name, a description. */
export const encapsulatedObject = ({ description, data }: SeratoObject) =>
  frame('GEOB', concatBytes([latin1Bytes(`\0application/octet-stream\0\0${description}\0`), data]));

/**
 * A whole ID3v2.3 tag: in front of an MP3 stream, or the body of a WAV `id3 ` or AIFF `ID3 ` chunk.
 * v2.3, not v2.4: the version Windows Explorer, older players and Traktor read best.
 */
export function id3v23(tags: AudioTags, objects: readonly SeratoObject[] = []): Uint8Array {
  const frames = [...id3Frames(tags), ...objects.map(encapsulatedObject)];
  const size = frames.reduce((sum, f) => sum + f.length, 0);
  const header = new Uint8Array(10);
  header.set([0x49, 0x44, 0x33, 3, 0, 0]); // "ID3", version 2.3.0, no flags
  header.set(syncsafe(size), 6);
  return concatBytes([header, ...frames]);
}

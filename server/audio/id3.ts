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
}

/** The initial key the way ID3 (TKEY) and DJ software write it: note, then "m" for minor. */
export function id3Key(key: string): string {
  const [note = '', mode = ''] = key.split(' ');
  return `${note}${mode.toLowerCase().startsWith('min') ? 'm' : ''}`;
}

/** How several artists read in a single-valued field. */
export const joinedNames = (names: readonly string[]) => names.join(', ');

const latin1 = (text: string) => [...text].every((char) => (char.codePointAt(0) as number) <= 0xff);

// ID3v2.4 text is ISO-8859-1 (0) or UTF-8 (3); Latin-1 is read by every reader, UTF-8 covers the rest.
// Several values of one frame are separated by a NUL.
function encodeText(values: readonly string[]): Uint8Array {
  const text = values.join('\0');
  return latin1(text)
    ? Buffer.concat([Uint8Array.of(0), Buffer.from(text, 'latin1')])
    : Buffer.concat([Uint8Array.of(3), Buffer.from(text, 'utf8')]);
}

/** A 28-bit number as four 7-bit bytes: how ID3v2.4 writes tag and frame sizes. */
function syncsafe(size: number): Uint8Array {
  return Uint8Array.of((size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f);
}

function frame(id: string, body: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(10 + body.length);
  bytes.set(Buffer.from(id, 'latin1'));
  bytes.set(syncsafe(body.length), 4);
  bytes.set(body, 10);
  return bytes;
}

const text = (id: string, ...values: string[]) => frame(id, encodeText(values));

/** TXXX: a user-defined text frame, a description then the value, in one encoding. */
const userText = (description: string, value: string) => frame('TXXX', encodeText([description, value]));

/**
 * TCON keeps ID3v2.3's "(21)" genre references for compatibility, so readers take a "(" as the
 * start of one and drop "(Raw / Deep / Hypnotic)"; "((" is the escape for a literal "(".
 */
const genreText = (genre: string) => genre.replaceAll('(', '((');

/** APIC with picture type 3, "Cover (front)", and no description. */
function frontCover(cover: CoverArt): Uint8Array {
  return frame(
    'APIC',
    Buffer.concat([
      Uint8Array.of(0),
      Buffer.from('image/jpeg\0', 'latin1'),
      Uint8Array.of(3, 0),
      cover.bytes,
    ]),
  );
}

/**
 * The ID3v2.4 frames of a file: standard frames where ID3 has one, and the TXXX descriptions
 * MusicBrainz Picard writes for the rest, which DJ software and taggers read.
 */
export function id3Frames(tags: AudioTags): Uint8Array[] {
  return [
    text('TIT2', tags.title),
    // TIT3, "subtitle/description refinement": where the mix name goes.
    text('TIT3', tags.mixName),
    // One display string for readers that take a single artist, and each name in TXXX:ARTISTS.
    text('TPE1', joinedNames(tags.artists)),
    userText('ARTISTS', tags.artists.join('\0')),
    // TPE4: "interpreted, remixed, or otherwise modified by".
    ...(tags.remixers.length > 0 ? [text('TPE4', ...tags.remixers)] : []),
    text('TALB', tags.album),
    text('TPUB', tags.label),
    userText('CATALOGNUMBER', tags.catalogNumber),
    // TDRC is the date readers show as the year; TDRL says it is the release date.
    text('TDRC', tags.releaseDate),
    text('TDRL', tags.releaseDate),
    text('TRCK', `${tags.trackNumber}/${tags.trackTotal}`),
    text('TBPM', String(tags.bpm)),
    text('TKEY', id3Key(tags.key)),
    text('TCON', genreText(tags.genre)),
    text('TSRC', tags.isrc),
    ...(tags.cover ? [frontCover(tags.cover)] : []),
  ];
}

/** A whole ID3v2.4 tag: in front of an MP3 stream, or the body of a WAV `id3 ` or AIFF `ID3 ` chunk. */
export function id3v24(tags: AudioTags): Uint8Array {
  const frames = id3Frames(tags);
  const size = frames.reduce((sum, f) => sum + f.length, 0);
  const header = new Uint8Array(10);
  header.set([0x49, 0x44, 0x33, 4, 0, 0]); // "ID3", version 2.4.0, no flags
  header.set(syncsafe(size), 6);
  return Buffer.concat([header, ...frames]);
}

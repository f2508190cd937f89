/** The tags DJ software reads from a file: title with mix, artists, remixers, release, tempo, key, ISRC. */
export interface AudioTags {
  title: string;
  artists: string[];
  remixers: string[];
  album: string;
  bpm: number;
  /** "F# Minor", "Ab Major"; written the way ID3v2.3 wants it ("F#m", "Ab"). */
  key: string;
  isrc: string;
  genre: string;
  label: string;
}

/** ID3v2.3's TKEY: at most three characters, "m" for minor. */
export function id3Key(key: string): string {
  const [note = '', mode = ''] = key.split(' ');
  return `${note}${mode.toLowerCase().startsWith('min') ? 'm' : ''}`;
}

// ID3v2.3 text is ISO-8859-1 or UTF-16 with a byte order mark; Latin-1 is smaller and read everywhere.
function encodeText(text: string): Uint8Array {
  if ([...text].every((char) => (char.codePointAt(0) as number) <= 0xff)) {
    return Uint8Array.from([0, ...Array.from(text, (char) => char.charCodeAt(0))]);
  }
  const utf16 = Buffer.from(text, 'utf16le');
  return Uint8Array.from([1, 0xff, 0xfe, ...utf16]);
}

function frame(id: string, text: string): Uint8Array {
  const body = encodeText(text);
  const bytes = new Uint8Array(10 + body.length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = id.charCodeAt(i);
  view.setUint32(4, body.length); // v2.3 frame sizes are plain big-endian, not syncsafe
  bytes.set(body, 10);
  return bytes;
}

/** An ID3v2.3 tag to put in front of an MP3 stream. */
export function id3v23(tags: AudioTags): Uint8Array {
  const frames = [
    frame('TIT2', tags.title),
    // v2.3 separates several performers with "/".
    frame('TPE1', tags.artists.join('/')),
    // TPE4: "interpreted, remixed, or otherwise modified by".
    ...(tags.remixers.length > 0 ? [frame('TPE4', tags.remixers.join('/'))] : []),
    frame('TALB', tags.album),
    frame('TBPM', String(tags.bpm)),
    frame('TKEY', id3Key(tags.key)),
    frame('TSRC', tags.isrc),
    frame('TCON', tags.genre),
    frame('TPUB', tags.label),
  ];
  const size = frames.reduce((sum, f) => sum + f.length, 0);
  const bytes = new Uint8Array(10 + size);
  bytes.set([0x49, 0x44, 0x33, 3, 0, 0]); // "ID3", version 2.3.0, no flags
  // The tag size is syncsafe: 7 bits per byte.
  bytes.set([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f], 6);
  let offset = 10;
  for (const f of frames) {
    bytes.set(f, offset);
    offset += f.length;
  }
  return bytes;
}

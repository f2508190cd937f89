import { type AudioTags, joinedNames } from '../../lib/dj-formats/id3/writer.ts';
import type { Chunk } from './chunks.ts';

/** Windows code page 65001: the CSET chunk that says INFO text is UTF-8. */
const utf8CodePage = 65001;

/**
 * A RIFF `LIST`/`INFO` chunk with the basic fields, for readers of WAV that do not read ID3:
 * title, artist, album, genre, date and track number. Text is Latin-1 (what INFO means without a
 * CSET chunk); when a name needs more, a CSET chunk in front declares UTF-8.
 */
export function riffInfoChunks(tags: AudioTags): Chunk[] {
  const fields: [string, string][] = [
    ['INAM', tags.title],
    ['IART', joinedNames(tags.artists)],
    ['IPRD', tags.album],
    ['IGNR', tags.genre],
    ['ICRD', tags.releaseDate],
    ['ITRK', String(tags.trackNumber)],
  ];
  const utf8 = fields.some(([, value]) => [...value].some((char) => (char.codePointAt(0) as number) > 0xff));
  const parts: Uint8Array[] = [Buffer.from('INFO', 'latin1')];
  for (const [id, value] of fields) {
    const text = Buffer.from(`${value}\0`, utf8 ? 'utf8' : 'latin1');
    const header = Buffer.alloc(8);
    header.write(id, 'latin1');
    header.writeUInt32LE(text.length, 4);
    parts.push(header, text);
    if (text.length % 2 === 1) parts.push(new Uint8Array(1));
  }
  const list = { id: 'LIST', body: Buffer.concat(parts) };
  if (!utf8) return [list];
  // CSET: code page, country, language, dialect (16 bits each); only the code page matters here.
  const cset = Buffer.alloc(8);
  cset.writeUInt16LE(utf8CodePage, 0);
  return [{ id: 'CSET', body: cset }, list];
}

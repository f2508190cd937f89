/**
 * A crate as a Serato DJ `.crate` file: the binary records Serato keeps in `_Serato_/Subcrates/`
 * (as read by Mixxx's Serato library and documented by its wiki): each record a four-letter tag,
 * its length as a 32-bit big-endian number, and its body; text in UTF-16 big-endian. `vrsn` names
 * the format, `osrt`/`ovct` the sorting and the columns shown, and one `otrk` per track holds its
 * `ptrk`, the file's path from the root of the drive the crate is on, with no leading slash.
 * seratoCrate writes one, readSeratoCrate reads one (Serato's own included).
 */
import { concatBytes, utf16Bytes } from '../bytes.ts';
import type { SavedEntry } from '../saved-file.ts';
import { type DesktopOs, volumePath } from '../volume-path.ts';

const utf16be = (text: string) => utf16Bytes(text);

function record(tag: string, ...body: Uint8Array[]): Uint8Array {
  const content = concatBytes(body);
  const out = new Uint8Array(8 + content.length);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) view.setUint8(i, tag.charCodeAt(i));
  view.setUint32(4, content.length);
  out.set(content, 8);
  return out;
}

/** The columns Serato shows for a new crate, in its own names. */
const columns = ['song', 'artist', 'bpm', 'key', 'album', 'length', 'comment'];

/** A file's path as a crate names it: from its drive's root, with "/" ("Users/me/Music/a.mp3"). */
export function seratoPath(location: string, os: DesktopOs): string {
  const { folders, file } = volumePath(location, os);
  return [...folders, file].join('/');
}

/** The drive a crate belongs on, named for the dialog: the system drive, or another one ("USB", "D:"). */
export function seratoDrive(location: string, os: DesktopOs): string | null {
  const { volume, systemDrive } = volumePath(location, os);
  return systemDrive ? null : volume;
}

export function seratoCrate(saved: readonly SavedEntry[], os: DesktopOs): Uint8Array {
  return concatBytes([
    record('vrsn', utf16be('1.0/Serato ScratchLive Crate')),
    record('osrt', record('tvcn', utf16be('song')), record('brev', Uint8Array.of(0))),
    ...columns.map((name) => record('ovct', record('tvcn', utf16be(name)), record('tvcw', utf16be('0')))),
    ...saved.map(({ location }) => record('otrk', record('ptrk', utf16be(seratoPath(location, os))))),
  ]);
}

export interface SeratoRecord {
  tag: string;
  body: Uint8Array;
}

/** A Serato file's records: a four-letter tag, a 32-bit big-endian length, the body; throws on a cut record. */
export function seratoRecords(bytes: Uint8Array): SeratoRecord[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: SeratoRecord[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) throw new Error(`A cut record header at ${offset}.`);
    const tag = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const length = view.getUint32(offset + 4);
    if (offset + 8 + length > bytes.length) throw new Error(`${tag} at ${offset} runs past the end.`);
    found.push({ tag, body: bytes.subarray(offset + 8, offset + 8 + length) });
    offset += 8 + length;
  }
  return found;
}

/** A crate's UTF-16 big-endian text; throws on an odd length. */
export const seratoText = (bytes: Uint8Array) => {
  if (bytes.length % 2 !== 0) throw new Error('UTF-16 text of an odd length.');
  return new TextDecoder('utf-16be').decode(bytes);
};

const innerText = (body: Uint8Array, tag: string) => {
  const inner = seratoRecords(body).find((record) => record.tag === tag);
  return inner ? seratoText(inner.body) : null;
};

/** What a crate holds: its version, the column it sorts by, the columns shown, and its tracks' paths. */
export interface SeratoCrate {
  version: string;
  sortedBy: string | null;
  columns: string[];
  paths: string[];
  /** Every top-level record's tag, in order. */
  tags: string[];
}

/** A crate's records read: each otrk's ptrk a path; throws on a cut record or an otrk without a path. */
export function readSeratoCrate(bytes: Uint8Array): SeratoCrate {
  const records = seratoRecords(bytes);
  const of = (tag: string) => records.filter((record) => record.tag === tag);
  const [version] = of('vrsn');
  const [sort] = of('osrt');
  return {
    version: version ? seratoText(version.body) : '',
    sortedBy: sort ? innerText(sort.body, 'tvcn') : null,
    columns: of('ovct').flatMap((record) => innerText(record.body, 'tvcn') ?? []),
    paths: of('otrk').map((record) => {
      const path = innerText(record.body, 'ptrk');
      if (path === null) throw new Error('An otrk without a ptrk.');
      return path;
    }),
    tags: records.map((record) => record.tag),
  };
}

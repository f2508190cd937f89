/**
 * A crate as a Serato DJ `.crate` file: the binary records Serato keeps in `_Serato_/Subcrates/`
 * (as read by Mixxx's Serato library and documented by its wiki): each record a four-letter tag,
 * its length as a 32-bit big-endian number, and its body; text in UTF-16 big-endian. `vrsn` names
 * the format, `osrt`/`ovct` the sorting and the columns shown, and one `otrk` per track holds its
 * `ptrk`, the file's path from the root of the drive the crate is on, with no leading slash.
 */
import type { SavedEntry } from './crate-export.ts';
import { type DesktopOs, volumePath } from './volume-path.ts';

/** UTF-16 big-endian, code unit by code unit (surrogate pairs stay pairs). */
function utf16be(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < text.length; i++) view.setUint16(i * 2, text.charCodeAt(i));
  return bytes;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function record(tag: string, ...body: Uint8Array[]): Uint8Array {
  const content = concat(body);
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
  return concat([
    record('vrsn', utf16be('1.0/Serato ScratchLive Crate')),
    record('osrt', record('tvcn', utf16be('song')), record('brev', Uint8Array.of(0))),
    ...columns.map((name) => record('ovct', record('tvcn', utf16be(name)), record('tvcw', utf16be('0')))),
    ...saved.map(({ location }) => record('otrk', record('ptrk', utf16be(seratoPath(location, os))))),
  ]);
}

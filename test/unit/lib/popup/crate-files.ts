/** Saved files on disk for the crate format tests: real files in a temp folder, as a DJ's downloads. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LibraryEntry } from '../../../../lib/contract/wire.ts';
import type { SavedEntry } from '../../../../lib/popup/crate-export.ts';
import { libraryEntry } from '../../../helpers/popup-fixtures.ts';

/** Three tracks saved under a temp "Downloads" folder (one in a release folder, names needing escapes). */
export function savedOnDisk(): { dir: string; saved: SavedEntry[] } {
  const dir = mkdtempSync(join(tmpdir(), 'crate-export-'));
  const names = [
    'Artist 1 - Song 1 (Original Mix).mp3',
    'Songs #1/Björk, D\'Angelo - Rock & "Roll" <Live> (Dub Mix).wav',
    'Łukasz - Été 100% (Extended Mix).aiff',
  ];
  const formats = ['mp3', 'wav', 'aiff'] as const;
  const keys = ['A Minor', 'F# Minor', 'Db Major'];
  const saved = names.map((path, index): SavedEntry => {
    const location = join(dir, path);
    mkdirSync(join(location, '..'), { recursive: true });
    writeFileSync(location, new Uint8Array(1000 * (index + 1)));
    const base = libraryEntry(index + 1, 'downloaded');
    const entry: LibraryEntry = {
      ...base,
      audioFormat: formats[index] as LibraryEntry['audioFormat'],
      track: { ...base.track, key: keys[index] as string, name: path.split(' - ')[1]?.split(' (')[0] ?? '' },
    };
    return {
      entry,
      path,
      location,
      bytes: 1000 * (index + 1),
      ...(index < 2 ? { release: { catalogNumber: `CAT 00${index}`, trackNumber: index + 1 } } : {}),
    };
  });
  return { dir, saved };
}

/**
 * The DJ formats have one home, lib/dj-formats/ (docs/dj-formats.md): a file elsewhere in the
 * extension or the store that spells a format's own markers (a rekordbox XML root, a Traktor NML
 * element, an M3U8 directive, a VirtualDJ database or playlist, a OneLibrary file, a Serato crate
 * record or analysis frame, an ID3 frame id) holds format code that belongs there. Comment lines are
 * passed by (they may name a format); tests, docs, scripts and benches are not scanned.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const scanned = ['lib', 'components', 'entrypoints', 'server'];
const home = 'lib/dj-formats/';

/** Each format's markers: strings only its reader or writer has reason to spell. */
const markers: { format: string; pattern: RegExp }[] = [
  { format: 'rekordbox XML', pattern: /<DJ_PLAYLISTS\b|\bPOSITION_MARK\b/ },
  { format: 'Traktor NML', pattern: /<NML\b|\bCUE_V2\b|\bPRIMARYKEY\b/ },
  { format: 'M3U8', pattern: /#EXTM3U|#EXTINF/ },
  { format: 'Serato crate', pattern: /ScratchLive Crate|['"](?:otrk|ptrk|osrt|ovct)['"]/ },
  {
    format: 'Serato analysis frames',
    pattern: /Serato (?:BeatGrid|Markers2|Markers_|Overview|Autotags|Analysis)\b/,
  },
  { format: 'VirtualDJ', pattern: /VirtualDJ_Database|<VirtualFolder\b|\.vdjfolder\b/ },
  { format: 'Pioneer OneLibrary', pattern: /exportLibrary\.db\b/ },
  { format: 'ID3 frames', pattern: /['"](?:GEOB|TXXX|TIT2|TPE1|TPE4|TALB|TBPM|TKEY|APIC)['"]/ },
];

const commentLine = /^\s*(?:\/\/|\/\*|\*)/;

function sourceFiles(root: string, folder: string): string[] {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

export interface FormatCode {
  file: string;
  line: number;
  format: string;
}

/** Lines outside lib/dj-formats/ that spell a DJ format's markers, by file and line. */
export function formatCodeOutsideHome(root: string): FormatCode[] {
  return scanned
    .flatMap((folder) => sourceFiles(root, folder))
    .filter((file) => !file.startsWith(home))
    .sort()
    .flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((text, index) => {
          if (commentLine.test(text)) return [];
          const found = markers.find(({ pattern }) => pattern.test(text));
          return found ? [{ file, line: index + 1, format: found.format }] : [];
        }),
    );
}

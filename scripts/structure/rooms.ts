/**
 * The extension's rooms: each context (the worker, the store's pages, each extension page) is a
 * room, the same name in `lib/`, `components/` and `entrypoints/` where it has code there. A room
 * imports only itself and the shared folders; a shared folder imports no room. What two pages
 * share lives in a shared folder named for what it is (docs/architecture.md, "One room per
 * context"). biome.json's per-folder rules say the same for the first four rooms as the editor
 * types; this check covers every room and every file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const rooms: Readonly<Record<string, readonly string[]>> = {
  background: ['lib/background', 'entrypoints/background'],
  'store pages': ['lib/content', 'components/content', 'entrypoints/store.content'],
  popup: ['lib/popup', 'components/popup', 'entrypoints/popup', 'entrypoints/popup-first-frame.ts'],
  options: ['lib/options', 'components/options', 'entrypoints/options'],
  tracklist: ['lib/tracklist', 'components/tracklist', 'entrypoints/tracklist'],
  'USB stick page': ['lib/usb-stick-page', 'components/usb-stick', 'entrypoints/usb-stick'],
  welcome: ['components/welcome', 'entrypoints/welcome'],
};

/** Folders every room may import: each named for what it holds. */
export const sharedFolders: readonly string[] = [
  'lib/contract',
  'lib/dj-formats',
  'lib/protocol',
  'lib/storage',
  'lib/file-names',
  'lib/i18n',
  'lib/permissions',
  'lib/previews',
  'lib/shortcuts',
  'lib/settings',
  'lib/text-files',
  'lib/crate-words',
  'lib/set-order',
  'components/shortcuts',
  'components/sold-formats',
  'components/set-order',
];

export interface RoomBreach {
  file: string;
  imports: string;
  problem: 'across rooms' | 'shared imports a room' | 'in no room';
}

const inFolder = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/** The room of a path, `shared`, or null when neither names it. */
function placeOf(path: string): string | null {
  for (const [room, folders] of Object.entries(rooms))
    if (folders.some((f) => inFolder(path, f))) return room;
  return sharedFolders.some((f) => inFolder(path, f)) ? 'shared' : null;
}

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const importPattern = /(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"?]+)(?:\?[^'"]*)?['"]/g;

export function roomBreaches(root: string): RoomBreach[] {
  const breaches: RoomBreach[] = [];
  for (const top of ['lib', 'components', 'entrypoints']) {
    for (const absolute of sources(join(root, top))) {
      const file = relative(root, absolute);
      const own = placeOf(file);
      if (own === null) {
        breaches.push({ file, imports: '', problem: 'in no room' });
        continue;
      }
      for (const [, specifier] of readFileSync(absolute, 'utf8').matchAll(importPattern)) {
        const target = relative(root, resolve(dirname(absolute), specifier as string));
        const place = placeOf(target);
        if (place === null || place === 'shared' || place === own) continue;
        breaches.push({
          file,
          imports: target,
          problem: own === 'shared' ? 'shared imports a room' : 'across rooms',
        });
      }
    }
  }
  return breaches;
}

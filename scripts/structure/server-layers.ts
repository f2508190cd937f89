/**
 * The store in layers: a file of server/ imports only from its own layer or the layers below it,
 * never above (type-only imports too: a shape is a dependency). Within a layer, folders may import
 * each other where biome's `noImportCycles` allows. Bottom to top:
 *
 * 1. what the store and extension share (lib/contract, lib/dj-formats), the demo catalog's words and dice
 *    (server/generation), the threads' pool and the caches (server/jobs), the database
 *    (server/db), how the store runs (server/runtime);
 * 2. the context every feature is handed (server/context.ts) and HTTP (server/http);
 * 3. sound and covers (server/audio, server/artwork);
 * 4. the features: what the store measures in the sound (analysis), accounts, catalog, cart,
 *    orders, downloads, tracklist, operator;
 * 5. what people use (server/web, server/oauth);
 * 6. the thread's job table (server/job-thread), the app and its OpenAPI document;
 * 7. the demo catalog made on first start (server/seed), above the app it fills;
 * 8. the command (server/main.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const serverLayers: readonly (readonly string[])[] = [
  ['lib/contract', 'lib/dj-formats', 'server/generation', 'server/jobs', 'server/db', 'server/runtime'],
  ['server/context.ts', 'server/http'],
  ['server/audio', 'server/artwork'],
  [
    'server/analysis',
    'server/accounts',
    'server/catalog',
    'server/cart',
    'server/orders',
    'server/downloads',
    'server/tracklist',
    'server/operator',
  ],
  ['server/web', 'server/oauth'],
  ['server/job-thread', 'server/app.ts', 'server/openapi.ts'],
  ['server/seed'],
  ['server/main.ts'],
];

export interface LayerBreach {
  file: string;
  imports: string;
  /** Why it is refused: an arrow up, or a file no layer names. */
  problem: 'up' | 'unlayered';
}

/** The layer of a repository path (the longest listed prefix wins), or -1 when none lists it. */
function layerOf(path: string): number {
  let found = -1;
  let length = -1;
  serverLayers.forEach((names, index) => {
    for (const name of names) {
      if ((path === name || path.startsWith(`${name}/`)) && name.length > length) {
        found = index;
        length = name.length;
      }
    }
  });
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

// Static imports and re-exports (`import … from`, `export … from`, `import '…'`) and dynamic ones.
const importPattern = /(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

export function serverLayerBreaches(root: string): LayerBreach[] {
  const breaches: LayerBreach[] = [];
  for (const absolute of sources(join(root, 'server'))) {
    const file = relative(root, absolute);
    const own = layerOf(file);
    if (own === -1) {
      breaches.push({ file, imports: '', problem: 'unlayered' });
      continue;
    }
    for (const [, specifier] of readFileSync(absolute, 'utf8').matchAll(importPattern)) {
      const target = relative(root, resolve(dirname(absolute), specifier as string));
      if (!target.startsWith('server/') && !target.startsWith('lib/')) continue;
      const layer = layerOf(target);
      if (layer === -1 && existsSync(join(root, target)) && target.startsWith('lib/'))
        breaches.push({ file, imports: target, problem: 'unlayered' });
      else if (layer > own) breaches.push({ file, imports: target, problem: 'up' });
    }
  }
  return breaches;
}

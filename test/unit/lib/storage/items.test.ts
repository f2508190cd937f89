/**
 * The storage inventory (lib/storage/items.ts) stays the one place: no storage item, IndexedDB
 * database or localStorage key is defined outside lib/storage/, and the inventory's table names
 * every item defined.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../../..');

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.page.ts'))
    .map((file) => join(folder, file));
}

const extensionSources = ['lib', 'components', 'entrypoints'].flatMap(sources);
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const outsideStorage = extensionSources.filter((file) => !file.startsWith('lib/storage/'));

describe('the storage inventory', () => {
  it.each([
    ['storage items', /\bdefineItem\b/],
    ['IndexedDB databases', /\bopenDB\b|\bindexedDB\b/],
    ['localStorage keys', /\blocalStorage\b/],
  ])('no %s outside lib/storage/', (_, usage) => {
    expect(outsideStorage.filter((file) => usage.test(read(file)))).toEqual([]);
  });

  it('defines every storage item in lib/storage/items.ts', () => {
    const defining = sources('lib/storage').filter((file) => /\bdefineItem\b/.test(read(file)));
    expect(defining).toEqual(['lib/storage/items.ts']);
  });

  it('lists every item it defines in its table', () => {
    const items = read('lib/storage/items.ts');
    const keys = [...items.matchAll(/defineItem<[^(]*>\(\s*[`'](local|session|sync):([^`']+)[`']/g)].map(
      // cartState's, follows', moneyPatterns' and pageWords' keys are the constants the content script reads.
      ([, area, key]) => [key?.replace(/^\$\{(cartState|follows|moneyPatterns|pageWords)Key\}$/, '$1'), area],
    );
    expect(keys.length).toBeGreaterThanOrEqual(13);
    for (const [key, area] of keys) expect(items).toMatch(new RegExp(`\\| ${key} \\| ${area} \\|`));
  });
});

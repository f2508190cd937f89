/**
 * Unit tests are found where their code lives: test/unit/<path>.test.ts(x) tests <path>.ts(x), so
 * `lib/background/cart/cart-service.ts` has `test/unit/lib/background/cart/cart-service.test.ts`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Tests of a rule across several files, each named for what it holds to. */
const acrossFiles = new Set([
  // Every locale has every key (locales/*.json).
  'test/unit/locales/locales.test.ts',
  // Each rule lib/contract/ holds is written nowhere else (a scan of the source tree).
  'test/unit/lib/contract/one-home.test.ts',
  // From an imported collection to a row's mark: options page, page storage and decorating together.
  'test/unit/lib/content/collection-marks.test.ts',
]);

export function unmirroredTests(root: string): string[] {
  const unit = join(root, 'test', 'unit');
  return readdirSync(unit, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((test) => !acrossFiles.has(test))
    .filter((test) => {
      const source = relative('test/unit', test).replace(/\.test\.tsx?$/, '');
      return !existsSync(join(root, `${source}.ts`)) && !existsSync(join(root, `${source}.tsx`));
    })
    .sort();
}

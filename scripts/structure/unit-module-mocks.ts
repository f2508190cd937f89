/**
 * Unit files share their worker's modules (vitest.config.ts, `isolate: false`), so a module mock
 * (`vi.mock`, `vi.doMock`) reaches a file only when no file before it in the same worker imported
 * that module: it passes alone and fails in another order. Unit tests fake what a module reaches
 * instead (WXT's fake browser, a dependency passed in).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const moduleMock = /\bvi\.(?:do)?[mM]ock\(/;

export function unitModuleMocks(root: string): string[] {
  const unit = join(root, 'test', 'unit');
  return readdirSync(unit, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => moduleMock.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file))
    .sort();
}

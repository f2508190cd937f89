/**
 * Every service test file is classified in test/service/engines.ts: on both engines, or on SQLite
 * only. A new file named in neither would run on SQLite alone without anyone having decided so.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bothEngines, sqliteOnly } from '../../test/service/engines.ts';

export function unclassifiedServiceTests(root: string): { unclassified: string[]; stale: string[] } {
  const files = readdirSync(join(root, 'test', 'service'))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => name.replace(/\.test\.ts$/, ''));
  const named = [...bothEngines, ...sqliteOnly];
  return {
    unclassified: files.filter((file) => !named.includes(file)).sort(),
    stale: named.filter((name) => !files.includes(name) || named.indexOf(name) !== named.lastIndexOf(name)),
  };
}

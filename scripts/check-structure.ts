/**
 * `npm run lint:structure`: the structure rules no linter states. Fails (exit 1) with one line per breach:
 * - function length (scripts/structure/function-length.ts): 80 lines in lib/background/, 100 elsewhere
 *   in lib/, components/, entrypoints/, server/;
 * - doc paths (scripts/structure/doc-paths.ts): every repository path README.md and docs/*.md name exists.
 */
import { join } from 'node:path';
import { missingDocPaths } from './structure/doc-paths.ts';
import { longFunctions } from './structure/function-length.ts';

const root = join(import.meta.dirname, '..');
let failed = false;

const long = longFunctions(root);
if (long.length > 0) {
  failed = true;
  console.error(`Functions over the length limit (split them into well-named parts):`);
  for (const f of long) {
    console.error(`  ${f.file}:${f.startLine} ${f.name}: ${f.lines} lines (limit ${f.maxLines})`);
  }
}

const missing = missingDocPaths(root);
if (missing.length > 0) {
  failed = true;
  console.error(`Paths the docs name that do not exist (point them at the file's new home, or drop them):`);
  for (const m of missing) console.error(`  ${m.document}:${m.line} ${m.path}`);
}

if (failed) process.exit(1);
console.log('Structure: function lengths and doc paths are fine.');

/**
 * `npm run lint:structure`: the structure rules no linter states. Fails (exit 1) with one line per breach:
 * - function length (scripts/structure/function-length.ts): 80 lines in lib/background/, 100 elsewhere
 *   in lib/, components/, entrypoints/, server/;
 * - doc paths (scripts/structure/doc-paths.ts): every repository path README.md and docs/*.md name exists;
 * - unit tests mirror the source tree (scripts/structure/test-mirror.ts);
 * - no literal text a person reads in components/ (scripts/structure/literal-text.ts);
 * - every service test file says which engines it runs on (scripts/structure/service-engines.ts);
 * - lib/protocol/ holds the message table, its sender and receiver only (scripts/structure/protocol-folder.ts);
 * - no module mocks in unit tests, whose files share modules (scripts/structure/unit-module-mocks.ts);
 * - the store in layers, no import pointing up (scripts/structure/server-layers.ts);
 * - the extension's rooms: no import across rooms, shared folders import none (scripts/structure/rooms.ts);
 * - DJ format code only in lib/dj-formats/ (scripts/structure/format-code.ts).
 */
import { join } from 'node:path';
import { missingDocPaths } from './structure/doc-paths.ts';
import { formatCodeOutsideHome } from './structure/format-code.ts';
import { longFunctions } from './structure/function-length.ts';
import { literalTextInComponents } from './structure/literal-text.ts';
import { strangersInProtocol } from './structure/protocol-folder.ts';
import { roomBreaches } from './structure/rooms.ts';
import { serverLayerBreaches } from './structure/server-layers.ts';
import { unclassifiedServiceTests } from './structure/service-engines.ts';
import { unmirroredTests } from './structure/test-mirror.ts';
import { unitModuleMocks } from './structure/unit-module-mocks.ts';

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

const unmirrored = unmirroredTests(root);
if (unmirrored.length > 0) {
  failed = true;
  console.error(
    'Unit tests whose source is not at the same path (test/unit/<path>.test.ts tests <path>.ts):',
  );
  for (const test of unmirrored) console.error(`  ${test}`);
}

const literal = literalTextInComponents(root);
if (literal.found.length > 0) {
  failed = true;
  console.error('Literal text in components (put it in locales/*.json and read it with i18n.t):');
  for (const text of literal.found) console.error(`  ${text.file}:${text.line} "${text.text}"`);
}
if (literal.stale.length > 0) {
  failed = true;
  console.error(
    'Listed as untranslated but holding no literal text (take them off the list in scripts/structure/literal-text.ts):',
  );
  for (const file of literal.stale) console.error(`  ${file}`);
}

const engines = unclassifiedServiceTests(root);
if (engines.unclassified.length > 0 || engines.stale.length > 0) {
  failed = true;
  console.error(
    'Service test files test/service/engines.ts does not classify (name each once, in bothEngines or sqliteOnly):',
  );
  for (const file of [...engines.unclassified, ...engines.stale]) console.error(`  ${file}`);
}

const strangers = strangersInProtocol(root);
if (strangers.length > 0) {
  failed = true;
  console.error(
    'Files in lib/protocol/ that are not the message table, its sender or receiver (move them where they are used):',
  );
  for (const file of strangers) console.error(`  ${file}`);
}

const crossings = roomBreaches(root);
if (crossings.length > 0) {
  failed = true;
  console.error(
    `Imports across the extension's rooms (scripts/structure/rooms.ts lists the rooms and shared folders):`,
  );
  for (const b of crossings) {
    console.error(
      b.problem === 'in no room'
        ? `  ${b.file}: in no room`
        : `  ${b.file} imports ${b.imports} (${b.problem})`,
    );
  }
}

const layers = serverLayerBreaches(root);
if (layers.length > 0) {
  failed = true;
  console.error(
    `Store imports against its layers (scripts/structure/server-layers.ts lists them, bottom first):`,
  );
  for (const b of layers) {
    console.error(
      b.problem === 'up' ? `  ${b.file} imports ${b.imports}, a layer above it` : `  ${b.file}: in no layer`,
    );
  }
}

const mocks = unitModuleMocks(root);
if (mocks.length > 0) {
  failed = true;
  console.error(
    "Unit tests with a module mock (vi.mock, vi.doMock), which another file's import can bypass (fake what the module reaches instead):",
  );
  for (const file of mocks) console.error(`  ${file}`);
}

const formatCode = formatCodeOutsideHome(root);
if (formatCode.length > 0) {
  failed = true;
  console.error(
    'DJ format code outside lib/dj-formats/ (write and read the format there, and call it: docs/dj-formats.md):',
  );
  for (const code of formatCode) console.error(`  ${code.file}:${code.line} ${code.format}`);
}

if (failed) process.exit(1);
console.log(
  "Structure: function lengths, doc paths, the unit tests' places, the components' text, the DJ formats' home, the rooms and the store's layers are fine.",
);

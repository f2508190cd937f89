import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { missingDocPaths } from '../../../scripts/structure/doc-paths.ts';
import { formatCodeOutsideHome } from '../../../scripts/structure/format-code.ts';
import { functionSpans, longFunctions } from '../../../scripts/structure/function-length.ts';
import { literalTextInComponents, literalTexts } from '../../../scripts/structure/literal-text.ts';
import { roomBreaches } from '../../../scripts/structure/rooms.ts';
import { serverLayerBreaches } from '../../../scripts/structure/server-layers.ts';
import { unmirroredTests } from '../../../scripts/structure/test-mirror.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'crate-structure-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** A body of `lines` lines in all, the first and last holding the braces. */
const body = (lines: number) => `{\n${'  work();\n'.repeat(lines - 2)}}`;

describe('function length', () => {
  it('measures declarations, arrow functions, methods and components from first line to last', () => {
    const source = [
      `export function declared() ${body(5)}`,
      `const arrow = async () => ${body(4)};`,
      `class Service { method() ${body(3)} }`,
      `export function Panel() {\n  return (\n    <div>\n      <p />\n    </div>\n  );\n}`,
    ].join('\n');
    const spans = functionSpans('sample.tsx', source).map(({ name, lines }) => [name, lines]);
    expect(spans).toEqual([
      ['declared', 5],
      ['arrow', 4],
      ['method', 3],
      ['Panel', 7],
    ]);
  });

  it('counts nested functions inside the span of the function that holds them', () => {
    const source = `function outer() {\n  const inner = () => ${body(3)};\n  return inner;\n}`;
    expect(functionSpans('nested.ts', source).map(({ name, lines }) => [name, lines])).toEqual([
      ['outer', 6],
      ['inner', 3],
    ]);
  });

  it('allows 80 lines in the worker and 100 elsewhere, and fails one line over', () => {
    write('lib/background/fine.ts', `export function fine() ${body(80)}`);
    write('lib/background/long.ts', `export const long = () => ${body(81)};`);
    write('components/popup/fine.tsx', `export function Fine() ${body(100)}`);
    write('server/cart/long.ts', `export class Routes { register() ${body(101)} }`);
    write('bench/ignored.ts', `export function anything() ${body(500)}`);
    expect(
      longFunctions(root).map(({ file, name, lines, maxLines }) => [file, name, lines, maxLines]),
    ).toEqual([
      ['server/cart/long.ts', 'register', 101, 100],
      ['lib/background/long.ts', 'long', 81, 80],
    ]);
  });

  it('leaves out the schema migrations and the seed word lists, and nothing else', () => {
    write('server/db/migrations.ts', `export const schema = () => ${body(300)};`);
    write('server/generation/vocabulary.ts', `export const words = () => ${body(300)};`);
    write('server/seed/generate.ts', `export const generate = () => ${body(300)};`);
    expect(longFunctions(root).map(({ file }) => file)).toEqual(['server/seed/generate.ts']);
  });

  it('fails on a file it cannot parse instead of skipping it', () => {
    write('lib/broken.ts', 'export function broken( {');
    expect(() => longFunctions(root)).toThrow(/lib\/broken\.ts/);
  });
});

describe('doc paths', () => {
  beforeEach(() => {
    write('lib/storage/items.ts', '');
    write('server/http/api-route.ts', '');
    write('docs/api.md', 'See [the contract](spec/contract.md) and [gone](spec/gone.md).\n');
    write('docs/spec/contract.md', '');
  });

  it('finds paths in code spans and links that do not exist, with their line', () => {
    write(
      'README.md',
      [
        'The inventory is `lib/storage/items.ts`; routes use `api-route.ts`.',
        'Old: `lib/wire.ts` and `gone-file.ts`, see [api](docs/api.md) and [spec](docs/spec/missing.md#top).',
        'Not paths: `npm run bench`, `/oauth/`, `components/**/*.page.ts`, `lib/<context>/`, [site](https://x.dev).',
        '```',
        'cat lib/not-checked.ts `lib/in-a-fence.ts`',
        '```',
      ].join('\n'),
    );
    expect(missingDocPaths(root)).toEqual([
      { document: 'README.md', line: 2, path: 'lib/wire.ts' },
      { document: 'README.md', line: 2, path: 'gone-file.ts' },
      { document: 'README.md', line: 2, path: 'docs/spec/missing.md' },
      { document: 'docs/api.md', line: 1, path: 'spec/gone.md' },
    ]);
  });

  it('passes when every named path exists', () => {
    write('README.md', 'See `lib/storage/items.ts`, `server/http/` and [api](docs/api.md).\n');
    write('docs/api.md', 'See [the contract](spec/contract.md).\n');
    expect(missingDocPaths(root)).toEqual([]);
  });
});

describe('unit tests where their code lives', () => {
  it('names a test whose source file is not at the same path', () => {
    write('lib/popup/money.ts', 'export const money = 1;');
    write('test/unit/lib/popup/money.test.ts', '');
    write('components/popup/cart-tab.tsx', 'export const CartTab = 1;');
    write('test/unit/components/popup/cart-tab.test.tsx', '');
    write('test/unit/popup-cart.test.tsx', '');
    write('test/unit/lib/popup/moved-away.test.ts', '');
    expect(unmirroredTests(root)).toEqual([
      'test/unit/lib/popup/moved-away.test.ts',
      'test/unit/popup-cart.test.tsx',
    ]);
  });
});

describe('literal text', () => {
  it('finds words in JSX text, spoken attributes and DOM text, and leaves formats, names and class names alone', () => {
    const source = [
      `export const A = () => <p title="Play it" class="crate-row">MP3 · WAV {'Add to cart'}</p>;`,
      `export const B = () => <span aria-label={label}>{count} · ▶ Crate</span>;`,
      `export function paint(el: HTMLElement) { el.textContent = 'Working…'; el.className = 'crate-btn'; el.setAttribute('aria-label', \`Add \${name}\`); }`,
    ].join('\n');
    expect(literalTexts('sample.tsx', source).map(({ line, text }) => [line, text])).toEqual([
      [1, 'Play it'],
      [1, 'Add to cart'],
      [3, 'Working…'],
      [3, 'Add'],
    ]);
  });

  it('finds the text a label function returns and text chosen by a condition, but not the class names or states it returns', () => {
    const source = [
      `export const name = (title: string) => \`"\${title}" is in the cart\`;`,
      `export function label(owned: boolean) { if (owned) return 'Owned'; return \`Add \${title}\`; }`,
      `export const follow = (el: HTMLElement, on: boolean) => { el.textContent = on ? 'Following' : 'Follow'; };`,
      `export function classOf(on: boolean) { return on ? 'mark owned' : 'default'; }`,
      `export const state = (playing: boolean) => (playing ? 'playing' : 'paused');`,
      `export const format = () => 'MP3';`,
      `export function warn() { return 'Crate'; }`,
    ].join('\n');
    expect(literalTexts('sample.ts', source).map(({ line, text }) => [line, text])).toEqual([
      [1, '" " is in the cart'],
      [2, 'Owned'],
      [2, 'Add'],
      [3, 'Following'],
      [3, 'Follow'],
    ]);
  });

  it('checks components but not their test page objects', () => {
    write('components/popup/panel.tsx', 'export const P = () => <h1>Your cart</h1>;');
    write('components/popup/panel.page.ts', "export const heading = 'Your cart';");
    write('components/popup/ok.tsx', "export const P = () => <h1>{i18n.t('cart.heading')}</h1>;");
    const { found } = literalTextInComponents(root);
    expect(found.map(({ file, text }) => [file, text])).toEqual([
      ['components/popup/panel.tsx', 'Your cart'],
    ]);
  });
});

describe("the store's layers", () => {
  it('refuses an import up a layer, type-only ones too, and a file no layer names', () => {
    write('server/jobs/job-runner.ts', `import type { Cover } from '../artwork/cover.ts';\n`);
    write(
      'server/artwork/cover.ts',
      `import { Random } from '../generation/random.ts';\nexport type Cover = 1;\n`,
    );
    write('server/generation/random.ts', `export class Random {}\n`);
    write('server/audio/synth.ts', `import { seed } from '../seed/generate.ts';\n`);
    write('server/seed/generate.ts', `import { defaultConfig } from '../app.ts';\nexport const seed = 1;\n`);
    write('server/app.ts', `export const defaultConfig = {};\n`);
    write('server/gadgets/thing.ts', `export const thing = 1;\n`);
    expect(serverLayerBreaches(root)).toEqual([
      { file: 'server/audio/synth.ts', imports: 'server/seed/generate.ts', problem: 'up' },
      { file: 'server/gadgets/thing.ts', imports: '', problem: 'unlayered' },
      { file: 'server/jobs/job-runner.ts', imports: 'server/artwork/cover.ts', problem: 'up' },
    ]);
  });

  it('passes the store as it is', () => {
    expect(serverLayerBreaches(join(import.meta.dirname, '..', '..', '..'))).toEqual([]);
  });
});

describe('DJ format code', () => {
  it("finds a format's markers outside lib/dj-formats/, and leaves its home, comments, tests and docs alone", () => {
    write(
      'lib/popup/crate-export.ts',
      "const lines = ['#EXTM3U'];\nconst root = '<DJ_PLAYLISTS Version=\"1.0.0\">';",
    );
    write('server/audio/serato.ts', "// Serato Markers2, as a comment\nconst d = 'Serato BeatGrid';");
    write('server/audio/id3.ts', "frame('GEOB', body);");
    write('lib/options/collection/traktor.ts', "if (tag.name === 'PRIMARYKEY') read();");
    write('components/popup/crate.tsx', 'const nml = `<NML VERSION="19">`;');
    write('lib/usb-stick/booths.ts', "const playlist = name + '.vdjfolder';");
    write('lib/usb-stick-page/onelibrary.ts', "const name = 'exportLibrary.db';");
    write('lib/dj-formats/onelibrary/stick-library.ts', "const fileName = 'exportLibrary.db';");
    write('lib/dj-formats/virtualdj/reader.ts', "const root = 'VirtualDJ_Database';");
    write('lib/dj-formats/m3u8/m3u8.ts', "const lines = ['#EXTM3U'];");
    write('lib/dj-formats/serato/frames.ts', "const d = 'Serato Overview';");
    write('test/unit/lib/popup/crate-export.test.ts', "expect(text).toContain('<DJ_PLAYLISTS');");
    write('docs/crates.md', 'A `#EXTM3U` file.');
    expect(formatCodeOutsideHome(root)).toEqual([
      { file: 'components/popup/crate.tsx', line: 1, format: 'Traktor NML' },
      { file: 'lib/options/collection/traktor.ts', line: 1, format: 'Traktor NML' },
      { file: 'lib/popup/crate-export.ts', line: 1, format: 'M3U8' },
      { file: 'lib/popup/crate-export.ts', line: 2, format: 'rekordbox XML' },
      { file: 'lib/usb-stick-page/onelibrary.ts', line: 1, format: 'Pioneer OneLibrary' },
      { file: 'lib/usb-stick/booths.ts', line: 1, format: 'VirtualDJ' },
      { file: 'server/audio/id3.ts', line: 1, format: 'ID3 frames' },
      { file: 'server/audio/serato.ts', line: 2, format: 'Serato analysis frames' },
    ]);
  });

  it('passes when the formats are all at home', () => {
    write('lib/dj-formats/traktor-nml/writer.ts', "const cue = '<CUE_V2 />';");
    write('lib/popup/crate-formats.ts', "import { traktorNml } from '../dj-formats/traktor-nml/writer.ts';");
    expect(formatCodeOutsideHome(root)).toEqual([]);
  });
});

describe("the extension's rooms", () => {
  it('refuses an import across rooms, a shared folder importing a room, and a file in no room', () => {
    write(
      'lib/tracklist/tracklist-file.ts',
      `import { readCollection } from '../options/collection/read.ts';\n`,
    );
    write('lib/options/collection/read.ts', `export const readCollection = 1;\n`);
    write(
      'components/welcome/page.tsx',
      `import { chooseStore } from '../../lib/settings/save-settings.ts';\n`,
    );
    write(
      'lib/settings/save-settings.ts',
      `import { words } from '../popup/words.ts';\nexport const chooseStore = 1;\n`,
    );
    write('lib/popup/words.ts', `export const words = 1;\n`);
    write('lib/gadgets/thing.ts', `export const thing = 1;\n`);
    expect(roomBreaches(root)).toEqual([
      { file: 'lib/gadgets/thing.ts', imports: '', problem: 'in no room' },
      {
        file: 'lib/settings/save-settings.ts',
        imports: 'lib/popup/words.ts',
        problem: 'shared imports a room',
      },
      {
        file: 'lib/tracklist/tracklist-file.ts',
        imports: 'lib/options/collection/read.ts',
        problem: 'across rooms',
      },
    ]);
  });

  it('passes the extension as it is', () => {
    expect(roomBreaches(join(import.meta.dirname, '..', '..', '..'))).toEqual([]);
  });
});

/**
 * Each rule the store and the extension share has one home in lib/contract/ (README, "Layout"): this
 * scans the source for the rule written out again anywhere else, so a copy cannot come back
 * unnoticed. Each rule names its home, what a copy looks like, and the few files allowed to hold it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../../..');
const scanned = ['lib', 'components', 'entrypoints', 'server'];
// Schema migrations are history: they keep the words they were written with.
const skipped = /^server\/db\/migrations\//;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !skipped.test(path) ? [path] : [];
  });
}

const files = scanned
  .flatMap(sourceFiles)
  .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));

interface Rule {
  rule: string;
  home: string;
  copy: RegExp;
  /** Where else the pattern may stand (besides the home), and why. */
  allowed?: RegExp;
}

const rules: Rule[] = [
  {
    rule: "the default cart's name",
    home: 'lib/contract/cart-name.ts',
    copy: /(?:===|!==|\?\?)\s*'default'|'default'\s*(?:===|!==)|\b(?:name|cartName|currentCart|fallback)\s*:\s*\[?\s*'default'/,
  },
  {
    rule: 'a track\'s display title, "Title (Mix)"',
    home: 'lib/contract/track-display.ts',
    copy: /\(\$\{[^}]*mixName\}\)/,
  },
  {
    rule: 'the item key, "type:id"',
    home: 'lib/contract/item-key.ts',
    copy: /\$\{[^}]*\b(?:type|item_type)\}:\$\{[^}]*\b(?:id|item_id)\}/,
  },
  {
    rule: 'how a BPM reads, and a missing one',
    home: 'lib/contract/track-display.ts',
    copy: /\$\{[^}]*bpm[^}]*\}\s*BPM|\{[\w.]*bpm\}\s*BPM|'– BPM'|bpm\s*>\s*0\b/i,
  },
  {
    rule: "a release's track ids in the worker (one error policy)",
    home: 'lib/background/catalog/release-track-ids.ts',
    copy: /catalogPage\(\s*'release'[^;]*\)\)?\.release\.trackIds/,
  },
];

/** The places each rule is written out, outside its home: `path:line  text`. */
function copies({ home, copy, allowed }: Rule): string[] {
  return files.flatMap(({ path, text }) =>
    path === home || allowed?.test(path)
      ? []
      : text
          .split('\n')
          .flatMap((line, index) => (copy.test(line) ? [`${path}:${index + 1}  ${line.trim()}`] : [])),
  );
}

describe('each shared rule has one home', () => {
  it('scans the source it guards', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(relative(root, join(root, 'lib/contract/cart-name.ts'))).toBe('lib/contract/cart-name.ts');
  });

  it.each(rules.map((rule) => [rule.rule, rule] as const))('%s', (_, rule) => {
    const home = files.find((file) => file.path === rule.home);
    expect(home, `${rule.home} is the rule's home and must exist`).toBeDefined();
    expect(copies(rule), `written out again outside ${rule.home}; import it from there`).toEqual([]);
  });

  it('finds a copy when one comes back', () => {
    // Built from parts, so that this file holds no copy itself.
    const text = ['const title = `$', '{track.name} ($', '{track.mixName})`;'].join('');
    const written = { path: 'lib/popup/example.ts', text };
    files.push(written);
    try {
      expect(copies(rules[1] as Rule)).toEqual([`lib/popup/example.ts:1  ${written.text}`]);
    } finally {
      files.pop();
    }
  });
});

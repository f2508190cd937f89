import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProblems } from '../../../scripts/build-check.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function built(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'crate-build-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const patchedPopup = 'throw new Error("Crate: dangerouslySetInnerHTML is not supported")';

describe('the build check', () => {
  it('passes a build whose patches applied', () => {
    const dir = built({ 'content-scripts/store.js': 'getMessage("x")', 'chunks/popup.js': patchedPopup });
    expect(buildProblems(dir)).toEqual([]);
  });

  it("fails a content script that fell back to @wxt-dev/i18n's getMessage", () => {
    const dir = built({
      'content-scripts/store.js': 'throw new Error("Unknown plural formatting")',
      'chunks/popup.js': patchedPopup,
    });
    expect(buildProblems(dir)).toEqual([expect.stringContaining('holds @wxt-dev/i18n')]);
  });

  it("fails a build where Preact's HTML sink was not taken out", () => {
    const dir = built({ 'content-scripts/store.js': '', 'chunks/popup.js': 'n.innerHTML=t.__html' });
    expect(buildProblems(dir)).toEqual([
      expect.stringContaining("Preact's innerHTML sink is in the build"),
      expect.stringContaining('was not replaced'),
    ]);
  });
});

/**
 * What the build's two patches in wxt.config.ts must have done, read off the built extension, so a
 * dependency update that turns either off fails the run instead of shipping quietly:
 * - the store content script's `#i18n` is lib/content/page-i18n.ts, not @wxt-dev/i18n (whose first
 *   `getMessage` costs every store tab 8 to 16 ms): @wxt-dev/i18n's own text must not be in it;
 * - Preact's one HTML sink is taken out: no `innerHTML = x.__html` anywhere, and the throw that
 *   replaces it is in the build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A string only @wxt-dev/i18n's runtime holds (its plural forms' error). */
const wxtI18nRuntime = 'Unknown plural formatting';
const preactHtmlSink = /\binnerHTML=[\w$]+\.__html\b/;
const preactSinkRemoved = 'dangerouslySetInnerHTML is not supported';

function scripts(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return { file, text: readFileSync(file, 'utf8') };
    });
}

/** What is wrong with the built extension in `dir` (.output/chrome-mv3-store, say); empty when nothing. */
export function buildProblems(dir: string): string[] {
  const problems: string[] = [];
  const all = scripts(dir);
  const contentScript = all.find(({ file }) => file.endsWith(join('content-scripts', 'store.js')));
  if (!contentScript) problems.push(`${dir}: no content-scripts/store.js`);
  else if (contentScript.text.includes(wxtI18nRuntime))
    problems.push(
      `${contentScript.file}: the content script holds @wxt-dev/i18n; its #i18n should be lib/content/page-i18n.ts (wxt.config.ts, pageWordsForI18n)`,
    );
  for (const { file, text } of all) {
    if (preactHtmlSink.test(text))
      problems.push(
        `${file}: Preact's innerHTML sink is in the build (wxt.config.ts, preactWithoutHtmlSink)`,
      );
  }
  if (!all.some(({ text }) => text.includes(preactSinkRemoved)))
    problems.push(
      `${dir}: Preact's HTML sink was not replaced (wxt.config.ts, preactWithoutHtmlSink did not run)`,
    );
  return problems;
}

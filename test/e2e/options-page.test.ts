/**
 * The options page's file name template, in Chromium and in Firefox ESR with the same page object,
 * signed in as demo against the run's store: the preview names demo's newest purchase (with its
 * release's catalogue number), follows each keystroke, and a broken template shows its problem
 * next to the field and disables Save until it is fixed. Then, in Chromium, axe-core on the page.
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import type { LibraryEntry, Release } from '../../lib/contract/wire.ts';
import { filenameFields, renderFilename } from '../../lib/file-names/filename-template.ts';
import { signIn } from '../helpers/tokens.ts';
import { seriousViolations } from './axe.ts';
import { type E2eExtension, type E2ePage, e2eBrowsers } from './browsers.ts';
import { signInToStore } from './connect.ts';
import type { ExtensionHarness } from './extension.ts';
import { e2eStoreUrl } from './store-url.ts';

const storeUrl = e2eStoreUrl();
let token: Promise<string> | undefined;

/** The store's API as demo, with a token of the test's own. */
async function store<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  token ??= signIn(storeUrl).then((tokens) => tokens.accessToken);
  const url = new URL(path, storeUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url, { headers: { authorization: `Bearer ${await token}` } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { results: T }).results;
}

describe.each(e2eBrowsers)('$name', (browser) => {
  let extension: E2eExtension;
  let options: OptionsFormPage<E2ePage>;

  beforeAll(async () => {
    extension = await browser.launch();
    await (await signInToStore(extension, storeUrl)).page.close();
    options = new OptionsFormPage(await extension.openPage('options.html'));
  });

  afterAll(async () => {
    await extension?.close();
  });

  describe('the file name template on the options page', () => {
    it("previews the path of demo's newest purchase as the template is typed", async () => {
      const [newest] = await store<LibraryEntry[]>('/order/1/downloads', { page: '1', perPage: '1' });
      if (!newest) throw new Error('demo has no purchases in the demo store.');
      const { track } = newest;
      const { release } = await store<{ release: Release }>('/catalog/3/platform/release', {
        id: String(track.release.id),
      });
      await options.previewSource.filter({ hasText: /^Your newest purchase/ }).waitFor();
      expect(await options.previewSource.textContent()).toContain(track.name);

      const flat = '{catalog} - {title}.{format}';
      await options.typeTemplate(flat);
      const flatPath = renderFilename(flat, filenameFields(track, newest.audioFormat, { release }), {
        fallbackName: `track-${track.id}`,
      });
      expect(flatPath.startsWith(`${release.catalogNumber} - `)).toBe(true);
      await expect.poll(() => options.previewPath.textContent()).toBe(flatPath);
      expect(await options.disabledSave.count()).toBe(0);

      const template = '{label}/{catalog} - {title}.{format}';
      await options.typeTemplate(template);
      const path = renderFilename(template, filenameFields(track, newest.audioFormat, { release }), {
        fallbackName: `track-${track.id}`,
      });
      await expect.poll(() => options.previewPath.textContent()).toBe(path);
      expect(path).toContain(`/${release.catalogNumber} - `);
      expect(path.endsWith(`.${newest.audioFormat}`)).toBe(true);
      expect(await options.templateProblem.textContent()).toBe('');
      expect(await options.disabledSave.count()).toBe(0);
    });

    it('inserts a field from the list where the caret is', async () => {
      await options.typeTemplate('{title}');
      await options.fieldChip('bpm').click();
      await expect.poll(() => options.templateField.inputValue()).toBe('{title}{bpm}');
    });

    it('shows what is wrong next to the field while typing, with Save disabled until it is fixed', async () => {
      await options.typeTemplate('{artist} - {titel}');
      await expect
        .poll(() => options.templateProblem.textContent())
        .toBe('Not a field Crate knows: {titel}. Use the fields listed below.');
      expect(await options.disabledSave.count()).toBe(1);
      expect(await options.previewPath.count()).toBe(0);

      await options.typeTemplate('{artist} - {title');
      await expect
        .poll(() => options.templateProblem.textContent())
        .toBe('A "{" is not closed (character 12): add "}" after the field name.');
      await options.typeTemplate('{artist}: {title}');
      await expect
        .poll(() => options.templateProblem.textContent())
        .toBe('":" cannot be in a file or folder name on Windows or macOS.');

      await options.typeTemplate('{artist} - {title}');
      await expect.poll(() => options.templateProblem.textContent()).toBe('');
      expect(await options.disabledSave.count()).toBe(0);
      expect(await options.previewPath.count()).toBe(1);
    });
  });

  describe.runIf(browser.name === 'Chromium')('accessibility', () => {
    it.each(['light', 'dark'] as const)(
      'axe-core finds no serious violation in %s mode',
      async (colorScheme) => {
        const page: Page = await (extension.chromium as ExtensionHarness).openPage('options.html');
        await page.emulateMedia({ colorScheme });
        await new OptionsFormPage(page).previewPath.waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await page.close();
      },
    );
  });

  it('left no error or warning of the extension in the console', async () => {
    expect(await extension.consoleProblems()).toEqual([]);
  });
});

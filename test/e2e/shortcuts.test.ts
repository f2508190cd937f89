/**
 * Keyboard shortcuts, in Chromium and in Firefox ESR: both browsers bind the manifest's suggested
 * keys on install, and the options page and popup list them, with where each browser changes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eExtension, e2eBrowsers } from './browsers.ts';

interface Command {
  name: string;
  shortcut: string;
}

describe.each(e2eBrowsers)('$name: keyboard shortcuts', (browser) => {
  let extension: E2eExtension;

  beforeAll(async () => {
    extension = await browser.launch();
  });

  afterAll(async () => {
    await extension?.close();
  });

  it('are bound on install: one to add the pointed item, one to open the popup', async () => {
    const commands = await extension.background<Command[]>('browser.commands.getAll()');
    const bound = Object.fromEntries(commands.map(({ name, shortcut }) => [name, shortcut]));
    expect(bound).toEqual({ 'add-page-item': 'Alt+Shift+D', _execute_action: 'Alt+Shift+K' });
  });

  // Firefox (137 and later) has its own page for them, under Add-ons; Chromium a URL.
  const settingsPlace =
    browser.name === 'Firefox'
      ? 'Add-ons and themes, ⚙, Manage Extension Shortcuts'
      : 'chrome://extensions/shortcuts';

  it('are shown, with how to change them, on the options page and in the popup', async () => {
    const options = await extension.openPage('options.html');
    const list = options.getByRole('list', { name: 'Keyboard shortcuts' });
    await list.waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Alt\+Shift\+D Add the track or release under the pointer/),
        'Alt+Shift+K Open Crate',
      ]),
    );
    expect(await options.getByText(settingsPlace, { exact: false }).count()).toBe(1);
    await options.close();

    const popup = await extension.openPage('popup.html');
    await popup.getByText('Keyboard shortcuts').click();
    const help = popup.getByRole('list', { name: 'Keyboard shortcuts' });
    expect(await help.getByRole('listitem').allTextContents()).toEqual(
      expect.arrayContaining([
        'Alt+Shift+D adds the track or release under the pointer or in focus',
        'Alt+Shift+K opens Crate',
      ]),
    );
    await popup.getByRole('button', { name: 'Change them' }).waitFor();
    await popup.close();
  });
});

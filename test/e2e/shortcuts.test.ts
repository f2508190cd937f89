import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionHarness, launchExtension } from './extension.ts';

let extension: ExtensionHarness;

beforeAll(async () => {
  extension = await launchExtension();
});

afterAll(async () => {
  await extension?.close();
});

interface Command {
  name: string;
  shortcut: string;
}

describe('keyboard shortcuts', () => {
  it('are bound by Chromium on install: one to add the pointed item, one to open the popup', async () => {
    const worker = await extension.worker();
    const commands = await worker.evaluate(() =>
      (
        globalThis as unknown as { chrome: { commands: { getAll(): Promise<Command[]> } } }
      ).chrome.commands.getAll(),
    );
    const bound = Object.fromEntries(commands.map(({ name, shortcut }) => [name, shortcut]));
    expect(bound).toEqual({ 'add-page-item': 'Alt+Shift+D', _execute_action: 'Alt+Shift+K' });
  });

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
    expect(await options.getByText('chrome://extensions/shortcuts').count()).toBe(1);
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

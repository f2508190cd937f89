import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openWelcomeOnInstall } from '../../../../lib/background/welcome.ts';

describe('the welcome page on install', () => {
  beforeEach(() => fakeBrowser.reset());

  it('opens once, on a new install', async () => {
    await openWelcomeOnInstall({ reason: 'install' });
    const tabs = await browser.tabs.query({ url: browser.runtime.getURL('/welcome.html') });
    expect(tabs).toHaveLength(1);
  });

  it('stays closed on an update or a browser update', async () => {
    await openWelcomeOnInstall({ reason: 'update' });
    await openWelcomeOnInstall({ reason: 'chrome_update' });
    expect(await browser.tabs.query({ url: browser.runtime.getURL('/welcome.html') })).toEqual([]);
  });
});

import { browser } from 'wxt/browser';

/** A new install opens the welcome page (store, sign-in, what the buttons mean); an update does not. */
export async function openWelcomeOnInstall(details: { reason: string }): Promise<void> {
  if (details.reason !== 'install') return;
  await browser.tabs.create({ url: browser.runtime.getURL('/welcome.html') });
}

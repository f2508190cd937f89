/**
 * How most end-to-end files start: the built extension pointed at their own test store on the
 * options page, then signed in from the popup, as a person would. Either browser: anything that
 * opens the extension's pages (extension.ts, firefox/firefox-extension.ts, browsers.ts).
 */
import { OptionsFormPage } from '../../components/options/options-form.page.ts';
import { PopupPage } from '../../components/popup/popup.page.ts';
import type { UiPage } from './ui.ts';

interface OpensPages<P extends UiPage & { close(): Promise<void> }> {
  openPage(path: string): Promise<P>;
}

/** Saves `storeUrl` as the store on the options page (which asks for its origin) and closes it. */
export async function pointAtStore<P extends UiPage & { close(): Promise<void> }>(
  extension: OpensPages<P>,
  storeUrl: string,
): Promise<void> {
  const options = new OptionsFormPage(await extension.openPage('options.html'));
  const saved = await options.setStoreUrl(storeUrl);
  if (saved !== 'Saved.') throw new Error(`The options page did not save the store URL: ${saved}`);
  await options.page.close();
}

/** Points the extension at the store and signs in as `username` (whose password is the same); returns the popup, open. */
export async function signInToStore<P extends UiPage & { close(): Promise<void> }>(
  extension: OpensPages<P>,
  storeUrl: string,
  username = 'demo',
): Promise<PopupPage<P>> {
  await pointAtStore(extension, storeUrl);
  const popup = new PopupPage(await extension.openPage('popup.html'));
  await popup.account.signIn(username, username);
  await popup.account.signedInAs.waitFor();
  return popup;
}

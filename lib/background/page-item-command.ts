/**
 * The keyboard shortcut (manifest `commands`): on a track or release page of the configured
 * store, adds that page's item to the current cart in the default format. The item comes from
 * the tab's URL, parsed as strictly as the content script parses links; the page is not asked.
 * A shortcut has no button to show its outcome: a notification says it (added, already owned,
 * signed out).
 */
import type { Browser } from 'wxt/browser';
import { parseCatalogUrl } from '../contract/catalog-url.ts';
import { errorMessage } from '../protocol/error-message.ts';
import { protocol } from '../protocol/messages.ts';
import type { Handlers } from '../protocol/receive.ts';
import { StoreError } from '../protocol/store-error.ts';
import { currentCartSetting, defaultAudioFormatSetting, storeUrlSetting } from '../storage/items.ts';
import { choosePrompt } from './checked-add.ts';
import { notifyAddedToCart, notifyProblem } from './downloads/notifications.ts';

/** The command's name in the manifest. */
export const addPageItemCommand = 'add-page-item';

export async function addPageItem(tab: Browser.tabs.Tab | undefined, handlers: Handlers): Promise<void> {
  const storeUrl = await storeUrlSetting.getValue();
  const ref = tab?.url ? parseCatalogUrl(tab.url, storeUrl) : null;
  if (ref === null) return;
  const [name, audioFormat] = await Promise.all([
    currentCartSetting.getValue(),
    defaultAudioFormatSetting.getValue(),
  ]);
  // The same checks a message from the page would get before its handler runs.
  const payload = protocol.addChecked.payload.parse({ name, item: { ...ref, audioFormat } });
  let result: Awaited<ReturnType<Handlers['addToCart']>>;
  try {
    // Checked for overlap first: a shortcut cannot ask, so an overlap adds nothing and says why.
    const outcome = await handlers.addChecked(payload, 'storeContentScript');
    if (outcome.outcome === 'overlap') {
      await notifyProblem('Not added: you would pay twice', `${outcome.message} ${choosePrompt}`);
      return;
    }
    result = outcome.result;
  } catch (error) {
    if (error instanceof StoreError && error.kind === 'signedOut') {
      await notifyProblem(
        'Sign in to Crate first',
        'Open Crate from the toolbar, sign in, then press the shortcut again.',
      );
    } else {
      await notifyProblem('Not added to your cart', errorMessage(error));
    }
    return;
  }
  const [added] = result.added;
  const [warning] = result.warnings;
  if (added) await notifyAddedToCart(added.name, name);
  else if (warning?.code === 'alreadyPurchased') {
    await notifyProblem(
      'You already own this',
      `${warning.message} To buy it again, use the page's format buttons and confirm.`,
    );
  } else if (warning) await notifyProblem('Not added to your cart', warning.message);
}

/**
 * The cart can change elsewhere (the store's website, another computer, the API), and what the
 * pages show is the worker's copy of it. So when a store tab opens, and again when it comes back
 * into view or focus, the worker is asked to check the copy against the store (`cartShown`: a
 * conditional read, a 304 when nothing changed); the page then follows storage's change. Signed
 * out, there is no cart to check and the worker is left asleep.
 */

import { send } from '../protocol/send.ts';
import { storeEntry } from '../storage/cart-state.ts';
import type { ContentScriptContext } from './page-context.ts';
import { knownPageStorage } from './page-storage.ts';

export function checkCartWhenShown(ctx: ContentScriptContext): void {
  const check = async () => {
    const { cartState, storeUrl } = await knownPageStorage();
    if (storeEntry(cartState, storeUrl)?.signedIn) await send('cartShown', {}).catch(() => undefined);
  };
  // Only a return counts: the tab's first focus follows the check made when it opened.
  let away = false;
  const back = () => {
    if (!away || document.visibilityState !== 'visible') return;
    away = false;
    void check();
  };
  ctx.addEventListener(window, 'blur', () => {
    away = true;
  });
  ctx.addEventListener(document, 'visibilitychange', () => {
    if (document.visibilityState === 'hidden') away = true;
    else back();
  });
  ctx.addEventListener(window, 'focus', back);
  // Once the page has painted: the first check must not compete with the page's own load.
  ctx.requestIdleCallback(() => void check(), { timeout: 1_000 });
}

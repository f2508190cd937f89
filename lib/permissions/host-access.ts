/**
 * Host access to the store's origin, which the person may withhold: Firefox MV3 lets them take
 * back any origin (host permissions are optional there), and Chrome's "site access: on click"
 * withholds even the manifest's. Without it the content script is not injected and the
 * background's requests fail, so the popup says so and offers the grant (host-access-notice.tsx).
 */
import { browser } from 'wxt/browser';
import { storeMatchPattern } from '../contract/store-hosts.ts';

const storeOrigins = (storeUrl: string) => ({ origins: [storeMatchPattern(storeUrl)] });

export function hasHostAccess(storeUrl: string): Promise<boolean> {
  return browser.permissions.contains(storeOrigins(storeUrl));
}

/**
 * Asks the person to grant the store's origin. Only inside a click's user gesture: call it before
 * any other await of the click handler, or the browser refuses to ask.
 */
export function requestHostAccess(storeUrl: string): Promise<boolean> {
  return browser.permissions.request(storeOrigins(storeUrl));
}

/**
 * Who sent a runtime message, decided from what the browser attaches (`runtime.MessageSender`),
 * never from the message. Fails closed: a sender that fits no role exactly gets no role.
 */
import type { Browser } from 'wxt/browser';
import type { SenderRole } from './messages.ts';

export interface SenderExpectations {
  /** browser.runtime.id */
  extensionId: string;
  /** browser.runtime.getURL('/'), e.g. chrome-extension://<id>/ */
  extensionBaseUrl: string;
  /** Origin of the configured store, e.g. http://127.0.0.1:8787 */
  storeUrl: string;
}

type Sender = Browser.runtime.MessageSender;

function webOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The popup or options page: a document at our own extension URL, never inside a web page. */
function isExtensionPage(sender: Sender, expected: SenderExpectations): boolean {
  const base = expected.extensionBaseUrl;
  if (!sender.url?.startsWith(base)) return false;
  // Chromium sends the origin too; Firefox does not. When present it must agree.
  if (sender.origin !== undefined && `${sender.origin}/` !== base) return false;
  if (sender.tab === undefined) return true;
  // An extension page in a tab (the options page) is that tab's top document.
  return sender.frameId === 0 && (sender.tab.url === undefined || sender.tab.url.startsWith(base));
}

/** Our content script in the top frame of a tab showing the configured store. */
function isStoreContentScript(sender: Sender, expected: SenderExpectations): boolean {
  const store = webOrigin(expected.storeUrl);
  if (store === null || sender.tab === undefined || sender.frameId !== 0) return false;
  if (webOrigin(sender.url) !== store) return false;
  if (sender.origin !== undefined && sender.origin !== store) return false;
  return sender.tab.url === undefined || webOrigin(sender.tab.url) === store;
}

export function senderRole(sender: Sender, expected: SenderExpectations): SenderRole | null {
  if (sender.id !== expected.extensionId) return null;
  if (isExtensionPage(sender, expected)) return 'extensionPage';
  if (isStoreContentScript(sender, expected)) return 'storeContentScript';
  return null;
}

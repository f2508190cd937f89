import { browser } from 'wxt/browser';

/** Opens a store page in a new tab next to the current one; the popup closes by itself when focus moves. */
export function openTab(url: string): void {
  void browser.tabs.create({ url });
}

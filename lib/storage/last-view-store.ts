/**
 * The popup's last views in the extension pages' localStorage (items.ts lists it with the rest of
 * the inventory): one key per tab, `crate:last-view:<tab>`, holding the tab's last settled HTML.
 * localStorage because it is synchronous: the popup's tiny entry chunk paints from it before any
 * other code loads. Failures read as "nothing kept": the popup then paints when its code is ready.
 */

const storagePrefix = 'crate:last-view:';

export function readLastView(tab: string): string | null {
  try {
    return localStorage.getItem(storagePrefix + tab);
  } catch {
    return null;
  }
}

export function writeLastView(tab: string, html: string): void {
  try {
    localStorage.setItem(storagePrefix + tab, html);
  } catch {
    // Storage full or refused: the next popup paints when its code is ready, as on a first start.
  }
}

/** Forgets every tab's last view: signed out, nothing of that account may show again. */
export function forgetLastViews(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(storagePrefix)) localStorage.removeItem(key);
    }
  } catch {
    // Nothing stored.
  }
}

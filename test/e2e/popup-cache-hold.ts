/**
 * Holds the popup cache (IndexedDB `crate-popup`) busy from another extension page, so a popup
 * opened meanwhile shows only its first frame: the live popup reads the cache before it renders.
 * Both functions run in that other page (Playwright's and Puppeteer's `evaluate` alike).
 */

/** Starts a read-write transaction on the cache and keeps it open until releasePopupCache. */
export function holdPopupCache(): Promise<void> {
  return new Promise((held, failed) => {
    const open = indexedDB.open('crate-popup');
    open.onerror = () => failed(open.error);
    open.onsuccess = () => {
      const entries = open.result.transaction('entries', 'readwrite').objectStore('entries');
      const hold = () => {
        if (!(globalThis as { releasePopupCache?: boolean }).releasePopupCache)
          entries.get('').onsuccess = hold;
      };
      hold();
      held();
    };
  });
}

export function releasePopupCache(): void {
  (globalThis as { releasePopupCache?: boolean }).releasePopupCache = true;
}

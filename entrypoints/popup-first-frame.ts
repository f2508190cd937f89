/**
 * The popup's first frame: a classic script that popup.html runs while it is parsed, so nothing
 * waits for a module graph before the last view of the tab it opens on is painted
 * (lib/popup/last-view.ts). Built alone, as /popup-first-frame.js.
 */
import { paintLastView } from '../lib/popup/last-view.ts';
import { popupTabOf } from '../lib/popup/popup-tab-ids.ts';

export default defineUnlistedScript(() => {
  // popup.html#library opens on that tab (used by links, screenshots and the benchmark).
  paintLastView(popupTabOf(location.hash.slice(1)) ?? 'cart');
});

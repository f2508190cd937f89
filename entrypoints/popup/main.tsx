/**
 * The popup's entry: paints the last view of the tab it opens on, then loads the popup itself,
 * which takes over once it shows its own data (lib/popup/last-view.ts). This chunk holds
 * only that and the styles, so the last view is painted while the popup's code still loads.
 */
import '../../assets/base.css';
import '../../assets/theme.css';
import '../../assets/popup.css';
import { paintLastView } from '../../lib/popup/last-view.ts';
import { popupTabOf } from '../../lib/popup/popup-tab-ids.ts';

// popup.html#library opens on that tab (used by links, screenshots and the benchmark).
const initialTab = popupTabOf(location.hash.slice(1));
const load = () => void import('./start.tsx').then(({ start }) => start(initialTab));
// The live popup's code (most of the popup: 170 KB) is loaded and run once the last view's frame
// is drawn, so running it cannot hold that frame back; with no last view nothing waits.
if (paintLastView(initialTab ?? 'cart')) requestAnimationFrame(() => setTimeout(load, 0));
else load();

/**
 * The popup's module entry: the styles, then the popup itself, which takes over from the last
 * view that /popup-first-frame.js painted while the page was parsed (lib/popup/last-view.ts).
 */
import '../../assets/base.css';
import '../../assets/theme.css';
import '../../assets/popup.css';
import { firstFrameTab } from '../../lib/popup/last-view.ts';

const load = () => void import('./start.tsx').then(({ start }) => start());
// The live popup's code (most of the popup: 170 KB) is loaded and run once the last view's frame
// is drawn, so running it cannot hold that frame back; with no last view nothing waits.
if (firstFrameTab()) requestAnimationFrame(() => setTimeout(load, 0));
else load();

import '../../lib/protocol/zod-jitless.ts';
import { render } from 'preact';
import { PopupApp } from '../../components/popup/popup-app.tsx';
import { uiLocale } from '../../lib/i18n/intl.ts';
import { firstFrameTab, followLiveView } from '../../lib/popup/last-view.ts';
import { popupTabOf } from '../../lib/popup/popup-tab-ids.ts';
import { snapshot } from './snapshot.ts';

/**
 * Renders the live popup from the last known state (snapshot.ts starts reading it as this chunk
 * is evaluated); the popup then refreshes from the store. It opens on the tab chosen in the first
 * frame, else the one its address names (popup.html#library: links, screenshots, the benchmark).
 */
export async function start(): Promise<void> {
  // Set here, not in the first-frame script: it stays free of the i18n code its paint would wait for.
  document.documentElement.lang = uiLocale();
  const app = document.getElementById('app') as HTMLElement;
  const shown = await snapshot;
  // Read just before rendering: a tab clicked in the first frame until now is the one opened.
  const initialTab = popupTabOf(firstFrameTab() ?? location.hash.slice(1));
  render(<PopupApp snapshot={shown} initialTab={initialTab} />, app);
  followLiveView(app);
}

import '../../lib/protocol/zod-jitless.ts';
import { render } from 'preact';
import { PopupApp } from '../../components/popup/popup-app.tsx';
import { uiLocale } from '../../lib/i18n/intl.ts';
import { followLiveView } from '../../lib/popup/last-view.ts';
import type { PopupTabId } from '../../lib/popup/popup-tab-ids.ts';
import { snapshot } from './snapshot.ts';

/**
 * Renders the live popup from the last known state (snapshot.ts starts reading it as this chunk
 * is evaluated); the popup then refreshes from the store.
 */
export async function start(initialTab: PopupTabId | undefined): Promise<void> {
  // Set here, not in main.tsx: the entry chunk stays free of the i18n code its first paint would wait for.
  document.documentElement.lang = uiLocale();
  const app = document.getElementById('app') as HTMLElement;
  render(<PopupApp snapshot={await snapshot} initialTab={initialTab} />, app);
  followLiveView(app);
}

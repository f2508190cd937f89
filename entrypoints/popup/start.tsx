import '../../lib/protocol/zod-jitless.ts';
import { render } from 'preact';
import { PopupApp } from '../../components/popup/popup-app.tsx';
import { followLiveView } from '../../lib/popup/last-view.ts';
import type { PopupTabId } from '../../lib/popup/popup-tab-ids.ts';
import { snapshot } from './snapshot.ts';

/**
 * Renders the live popup from the last known state (snapshot.ts starts reading it as this chunk
 * is evaluated); the popup then refreshes from the store.
 */
export async function start(initialTab: PopupTabId | undefined): Promise<void> {
  const app = document.getElementById('app') as HTMLElement;
  render(<PopupApp snapshot={await snapshot} initialTab={initialTab} />, app);
  followLiveView(app);
}

/**
 * Keeps the settings that follow the DJ (lib/storage/synced-settings.ts) in step between this
 * browser's storage.local, which every context reads, and storage.sync, which the browser copies
 * to the DJ's other computers signed in to the same browser account.
 *
 * - A setting saved here is copied to storage.sync; one storage.sync refused (no sync, over its
 *   quota) is kept pending and sent again at the next start, before anything is taken from there.
 * - A change in storage.sync (another computer) is taken over here; the store address only where
 *   this browser may already reach that store (the permission is asked in a click, on the options
 *   page, which shows the synced address with a button to use it).
 * - On install, update and every browser start: the pending changes first, then the synced values
 *   where set, then this browser's own values for whatever storage.sync lacks (so the first start
 *   after this update moves the settings there).
 */
import { hasHostAccess } from '../../protocol/host-access.ts';
import type { SyncedSettings } from '../../storage/items.ts';
import {
  pullSettings,
  pushPending,
  pushSettings,
  readLocalSettings,
  readSyncedSettings,
  type SyncedKey,
  syncedKeys,
} from '../../storage/synced-settings.ts';

/** Whether this browser takes over a synced value: a store address only once it may reach the store. */
async function accept(key: SyncedKey, value: unknown): Promise<boolean> {
  return key !== 'storeUrl' || hasHostAccess(String(value));
}

async function pull(synced: SyncedSettings): Promise<void> {
  await pullSettings(synced, accept);
}

/** Install, update, browser start: pending first, then synced values, then this browser's for the rest. */
async function reconcile(): Promise<void> {
  if (!(await pushPending())) return;
  const synced = await readSyncedSettings();
  if (synced === null) return;
  await pull(synced);
  const local = await readLocalSettings();
  const missing = syncedKeys.filter((key) => synced[key] === undefined && local[key] !== undefined);
  await pushSettings(missing);
}

/** Runs one step; a failure (storage itself refusing) is logged and never reaches the browser. */
const settled = (work: Promise<unknown>): Promise<void> =>
  work.then(
    () => undefined,
    (error: unknown) => console.warn('Crate: settings sync:', error),
  );

/** The browser's events, each registered by entrypoints/background/index.ts at every worker start. */
export const settingsSync = {
  /** runtime.onInstalled and onStartup. */
  reconcile: (): Promise<void> => settled(reconcile()),
  /** storage.sync's copy changed: another computer's change (or this one's own, which changes nothing). */
  onSyncedChanged: (): Promise<void> =>
    settled(readSyncedSettings().then((synced) => (synced === null ? undefined : pull(synced)))),
  /** A setting changed in this browser: copied to storage.sync. */
  onLocalChanged: (key: SyncedKey): Promise<void> => settled(pushSettings([key])),
};

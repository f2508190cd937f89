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
import { hasHostAccess } from '../../permissions/host-access.ts';
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

/**
 * The worker's settings sync. Every step runs in turn: each is a read-modify-write of the one
 * storage.sync item, and the options page saves several settings at once (a template and its
 * folder switch), whose watchers fire together; run side by side, the last write took the other's
 * key out again. The values this browser last wrote there (or took over from there) are kept too:
 * storage.sync holding one of them is this browser's own word, never another computer's change to
 * take over, so a setting changed here again before its copy went out is not put back. They live
 * only as long as the worker; a new worker starts by reconciling, as the browser's events say.
 */
export function createSettingsSync() {
  let queue: Promise<void> = Promise.resolve();
  const ownValues = new Map<SyncedKey, unknown>();

  /** Runs one step after the others; a failure (storage itself refusing) is logged and never reaches the browser. */
  const inTurn = (step: () => Promise<unknown>): Promise<void> => {
    queue = queue.then(step).then(
      () => undefined,
      (error: unknown) => console.warn('Crate: settings sync:', error),
    );
    return queue;
  };

  /** Whether this browser takes over a synced value: not its own, and a store address only once it may reach the store. */
  const accept = async (key: SyncedKey, value: unknown): Promise<boolean> =>
    ownValues.get(key) !== value && (key !== 'storeUrl' || hasHostAccess(String(value)));

  async function pull(synced: SyncedSettings): Promise<void> {
    for (const key of await pullSettings(synced, accept)) ownValues.set(key, synced[key]);
  }

  async function push(keys: readonly SyncedKey[]): Promise<boolean> {
    if (keys.length === 0) return true;
    if (!(await pushSettings(keys))) return false;
    const synced = (await readSyncedSettings()) ?? {};
    for (const key of keys) ownValues.set(key, synced[key]);
    return true;
  }

  /** Install, update, browser start: pending first, then synced values, then this browser's for the rest. */
  async function reconcile(): Promise<void> {
    if (!(await pushPending())) return;
    const synced = await readSyncedSettings();
    if (synced === null) return;
    await pull(synced);
    const local = await readLocalSettings();
    await push(syncedKeys.filter((key) => synced[key] === undefined && local[key] !== undefined));
  }

  /** The browser's events, each registered by entrypoints/background/index.ts at every worker start. */
  return {
    /** runtime.onInstalled and onStartup. */
    reconcile: (): Promise<void> => inTurn(reconcile),
    /** storage.sync's copy changed: another computer's change (or this one's own, which changes nothing). */
    onSyncedChanged: (): Promise<void> =>
      inTurn(async () => {
        const synced = await readSyncedSettings();
        if (synced !== null) await pull(synced);
      }),
    /** A setting changed in this browser: copied to storage.sync. */
    onLocalChanged: (key: SyncedKey): Promise<void> => inTurn(() => push([key])),
  };
}

/**
 * The settings that follow the DJ to their other computers (issue #28): the store address, the
 * default format, the key notation and how files are named. Every context keeps reading them from
 * storage.local (the content script at once, without waking the worker); storage.sync holds a copy
 * in one item (`syncedSettingsItem`), which the worker keeps in step both ways
 * (lib/background/settings-sync/). What comes from storage.sync was written by another computer,
 * perhaps by another version of Crate: each value is checked, and one that fails is left out.
 */
import { storage } from 'wxt/utils/storage';
import { isAudioFormat } from '../contract/audio-formats.ts';
import { type KeyNotation, keyNotations } from '../contract/musical-key.ts';
import { isLoopbackHost } from '../contract/store-hosts.ts';
import { templateIssue } from '../file-names/filename-template.ts';
import { type SyncedSettings, settingsSyncPendingItem, syncedSettingsItem } from './items.ts';

export const syncedKeys = [
  'storeUrl',
  'defaultAudioFormat',
  'keyNotation',
  'filenameTemplate',
  'folderPerRelease',
] as const;
export type SyncedKey = (typeof syncedKeys)[number];

/** A store origin the options page could have saved: https, or http on this computer. */
function isStoreOrigin(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const url = URL.parse(value);
  if (!url || url.origin !== value) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

const valid: Record<SyncedKey, (value: unknown) => boolean> = {
  storeUrl: isStoreOrigin,
  defaultAudioFormat: isAudioFormat,
  keyNotation: (value) => keyNotations.includes(value as KeyNotation),
  filenameTemplate: (value) =>
    typeof value === 'string' && value.length <= 500 && templateIssue(value) === null,
  folderPerRelease: (value) => typeof value === 'boolean',
};

const isSyncedKey = (key: string): key is SyncedKey => (syncedKeys as readonly string[]).includes(key);

/** The checked values of an object, the synced keys only. */
function checked(raw: unknown): SyncedSettings {
  const settings: Record<string, unknown> = {};
  if (typeof raw !== 'object' || raw === null) return settings;
  for (const key of syncedKeys) {
    const value = (raw as Record<string, unknown>)[key];
    if (value !== undefined && valid[key](value)) settings[key] = value;
  }
  return settings as SyncedSettings;
}

/** What storage.sync holds, checked; null where the browser gives no storage.sync (or it fails). */
export async function readSyncedSettings(): Promise<SyncedSettings | null> {
  try {
    return checked(await syncedSettingsItem.getValue());
  } catch {
    return null;
  }
}

/** The settings this browser has set itself, from storage.local: a fallback is not a choice. */
export async function readLocalSettings(): Promise<SyncedSettings> {
  const found = await storage.getItems(syncedKeys.map((key) => `local:${key}` as const));
  return checked(
    Object.fromEntries(found.map(({ key, value }) => [key.replace(/^local:/, ''), value ?? undefined])),
  );
}

/**
 * Copies this browser's values of `keys` to storage.sync (a key set to its fallback here is taken
 * out there). Resolves false when storage.sync refused: those keys are kept as pending and sent
 * again first next time (`pushPending`), so a change made while sync was away is not lost to an
 * older synced value.
 */
export async function pushSettings(keys: readonly string[]): Promise<boolean> {
  const pushed = keys.filter(isSyncedKey);
  if (pushed.length === 0) return true;
  const local = await readLocalSettings();
  try {
    const synced = checked(await syncedSettingsItem.getValue());
    const next: Record<string, unknown> = { ...synced };
    for (const key of pushed) {
      if (local[key] === undefined) delete next[key];
      else next[key] = local[key];
    }
    const changed = syncedKeys.some((key) => next[key] !== synced[key]);
    if (changed) await syncedSettingsItem.setValue(next as SyncedSettings);
    return true;
  } catch {
    const pending = new Set([...(await settingsSyncPendingItem.getValue()), ...pushed]);
    await settingsSyncPendingItem.setValue([...pending]);
    return false;
  }
}

/** Sends again what storage.sync refused before; true when nothing is left pending. */
export async function pushPending(): Promise<boolean> {
  const pending = await settingsSyncPendingItem.getValue();
  if (pending.length === 0) return true;
  await settingsSyncPendingItem.setValue([]);
  return pushSettings(pending);
}

/**
 * Sets this browser's settings to the synced values that differ, where `accept` agrees (a store
 * address needs this browser's permission first). Pending keys are this browser's newer word and
 * are not overwritten. Resolves with the keys it changed.
 */
export async function pullSettings(
  synced: SyncedSettings,
  accept: (key: SyncedKey, value: unknown) => Promise<boolean>,
): Promise<SyncedKey[]> {
  const local = await readLocalSettings();
  const pending = new Set(await settingsSyncPendingItem.getValue());
  const changed: SyncedKey[] = [];
  for (const key of syncedKeys) {
    const value = synced[key];
    if (value === undefined || value === local[key] || pending.has(key)) continue;
    if (!(await accept(key, value))) continue;
    await storage.setItem(`local:${key}`, value);
    changed.push(key);
  }
  return changed;
}

/** Calls `changed` with each synced setting changed in this browser's storage.local (the worker registers it at start). */
export function watchLocalSettings(changed: (key: SyncedKey) => void): void {
  for (const key of syncedKeys) storage.watch(`local:${key}`, () => changed(key));
}

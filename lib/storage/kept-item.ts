/**
 * A storage item as the background worker keeps it in memory: read once when the worker starts,
 * kept current by storage.onChanged (WXT's `watch`), and written through, so a click in a store
 * tab reads no storage before its one store call. Storage stays the truth: the MV3 worker can be
 * stopped at any moment and a new one reads it again; a value not read yet is awaited, never
 * guessed. Only the worker's own context holds one (lib/background/worker-storage.ts).
 */
import type { WxtStorageItem } from 'wxt/utils/storage';

export interface KeptItem<T> {
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  removeValue(): Promise<void>;
}

export function keptItem<T>(item: WxtStorageItem<T, Record<string, unknown>>): KeptItem<T> {
  let kept: Promise<T> | null = null;
  // The values this worker wrote whose change events have not come back yet, oldest first.
  const written: string[] = [];

  const read = (): Promise<T> => {
    const reading = item.getValue();
    kept = reading;
    // A failed read is not kept: the next caller reads again.
    reading.catch(() => {
      if (kept === reading) kept = null;
    });
    return reading;
  };

  // Change events come in the order storage took the writes, so following them ends on what
  // storage holds. One of this worker's own writes is already kept; while a later one of its
  // own is still on its way, an earlier one's event must not bring back the older value.
  item.watch((value) => {
    const own = written.indexOf(JSON.stringify(value ?? null));
    if (own >= 0) written.splice(0, own + 1);
    if (own < 0 || written.length === 0) kept = Promise.resolve(value);
  });

  async function write(value: T, store: () => Promise<void>): Promise<void> {
    kept = Promise.resolve(value);
    const text = JSON.stringify(value ?? null);
    written.push(text);
    try {
      await store();
    } catch (error) {
      // Not written: what storage holds is read again.
      written.splice(written.lastIndexOf(text), 1);
      void read().catch(() => undefined);
      throw error;
    }
  }

  // Read at once: the first click after the worker starts finds it ready.
  void read().catch(() => undefined);
  return {
    getValue: () => kept ?? read(),
    setValue: (value) => write(value, () => item.setValue(value)),
    removeValue: () => write(item.fallback, () => item.removeValue()),
  };
}

/**
 * The formats a store sells (items.ts, soldFormats): its own list when a cart answer gave one,
 * else the three every store sold before stores listed theirs.
 */
import { type AudioFormat, isAudioFormat, soldOrKnown } from '../contract/audio-formats.ts';
import { soldFormatsItem } from './items.ts';

type SoldFormatsByStore = Partial<Record<string, AudioFormat[]>>;

export function soldFormatsOf(all: SoldFormatsByStore | null, storeUrl: string): readonly AudioFormat[] {
  return soldOrKnown(all?.[storeUrl]?.filter(isAudioFormat) ?? []);
}

/** Keeps the store's list as its cart answer gave it; an answer without one, or the same one, writes nothing. */
export async function keepSoldFormats(storeUrl: string, listed: readonly string[]): Promise<void> {
  const formats = listed.filter(isAudioFormat);
  if (formats.length === 0) return;
  const all = await soldFormatsItem.getValue();
  if (all[storeUrl]?.join() === formats.join()) return;
  await soldFormatsItem.setValue({ ...all, [storeUrl]: formats });
}

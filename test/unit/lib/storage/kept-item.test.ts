/**
 * A stored item as the worker keeps it (lib/storage/kept-item.ts): read once, kept current by
 * storage's change events and written through; storage stays the truth, so a new worker (an empty
 * snapshot) reads it again and nothing lives only in memory.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { currentCartSetting } from '../../../../lib/storage/items.ts';
import { keptItem } from '../../../../lib/storage/kept-item.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

const reads = () => vi.spyOn(fakeBrowser.storage.local, 'get').mockClear();

describe('a kept storage item', () => {
  it('starts empty in a new worker: its first value is the one storage holds, awaited, then read no more', async () => {
    await currentCartSetting.setValue('friday');
    const get = reads();
    const kept = keptItem(currentCartSetting);
    expect(await kept.getValue()).toBe('friday');
    expect(await kept.getValue()).toBe('friday');
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('gives the fallback when storage holds nothing', async () => {
    expect(await keptItem(currentCartSetting).getValue()).toBe('default');
  });

  it('follows what another context writes, without reading it', async () => {
    const kept = keptItem(currentCartSetting);
    await kept.getValue();
    await storage.setItem('local:currentCart', 'saturday');
    const get = reads();
    expect(await kept.getValue()).toBe('saturday');
    expect(get).not.toHaveBeenCalled();
    await currentCartSetting.removeValue();
    get.mockClear();
    expect(await kept.getValue()).toBe('default');
    expect(get).not.toHaveBeenCalled();
  });

  it('keeps its own write at once and writes it to storage, where a new worker finds it', async () => {
    const kept = keptItem(currentCartSetting);
    const written = kept.setValue('sunday');
    expect(await kept.getValue()).toBe('sunday');
    await written;
    expect(await currentCartSetting.getValue()).toBe('sunday');
    expect(await keptItem(currentCartSetting).getValue()).toBe('sunday');
    await kept.removeValue();
    expect(await kept.getValue()).toBe('default');
    expect(await currentCartSetting.getValue()).toBe('default');
  });

  it('does not bring back an earlier write of its own while a later one is on its way', async () => {
    const kept = keptItem(currentCartSetting);
    await kept.getValue();
    const seen: string[] = [];
    // Called after the kept item's own listener, for each change storage takes.
    currentCartSetting.watch(() => void kept.getValue().then((value) => seen.push(value)));
    await Promise.all([kept.setValue('first'), kept.setValue('second')]);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual(['second', 'second']);
    expect(await currentCartSetting.getValue()).toBe('second');
  });

  it('reads again after a failed write: storage decides', async () => {
    await currentCartSetting.setValue('friday');
    const kept = keptItem(currentCartSetting);
    await kept.getValue();
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('quota'));
    await expect(kept.setValue('saturday')).rejects.toThrow('quota');
    expect(await kept.getValue()).toBe('friday');
  });
});

import { describe, expect, it } from 'vitest';
import { countsText, shownItems } from '../../../../../lib/popup/cart/cart-view.ts';
import { allTracks } from '../../../../../lib/popup/track-facts.ts';
import type { CatalogFacts } from '../../../../../lib/protocol/messages.ts';
import { cartItem } from '../../../../helpers/popup-fixtures.ts';

describe('what the cart tab shows', () => {
  it('counts items, tracks and releases in words', () => {
    expect(countsText({ items: 3, tracks: 2, releases: 1 })).toBe('3 items: 2 tracks, 1 release');
  });

  it("keeps the cart's order until the track view sorts or narrows it; items without facts leave a BPM filter", () => {
    const items = [cartItem(1), cartItem(2), cartItem(3)];
    const facts = new Map<string, CatalogFacts>([
      ['track:1', { id: 1, type: 'track', bpm: 130 } as CatalogFacts],
      ['track:2', { id: 2, type: 'track', bpm: 120 } as CatalogFacts],
    ]);
    expect(shownItems(items, facts, allTracks)).toBe(items);
    const bpm = (list: readonly { id: number }[]) => list.map((item) => item.id);
    expect(bpm(shownItems(items, facts, { ...allTracks, sort: 'bpm' }))).toEqual([2, 1, 3]);
    expect(bpm(shownItems(items, facts, { ...allTracks, minBpm: 125 }))).toEqual([1]);
  });
});

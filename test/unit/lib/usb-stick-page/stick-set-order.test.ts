/** The stick page's "as a set": the crate's entries in the order that mixes, or as they came. */
import { describe, expect, it } from 'vitest';
import type { StickPageRequest } from '../../../../lib/storage/items.ts';
import { inSetOrder } from '../../../../lib/usb-stick-page/stick-set-order.ts';
import { libraryEntry } from '../../../helpers/popup-fixtures.ts';

const keyed = (trackId: number, key: string) => {
  const entry = libraryEntry(trackId, 'downloaded');
  return { ...entry, track: { ...entry.track, bpm: 124, key } };
};
const crate: StickPageRequest = {
  playlistName: 'Saturday',
  entries: [keyed(1, 'B min'), keyed(2, 'A min'), keyed(3, 'E min')], // 10A, 8A, 9A
  missing: [],
};

describe('the stick as a set', () => {
  it('goes round the wheel one step at a time', () => {
    const order = inSetOrder(crate, 'build').entries.map((entry) => entry.track.id);
    expect([
      [2, 3, 1],
      [1, 3, 2],
    ]).toContainEqual(order);
  });

  it("keeps the crate's own order when not asked, and the crate handed over as it was", () => {
    expect(inSetOrder(crate, null)).toBe(crate);
    inSetOrder(crate, 'keep');
    expect(crate.entries.map((entry) => entry.track.id)).toEqual([1, 2, 3]);
  });
});

/** When to look for new purchases, and which entries are new (newest first, stopping at a known one). */
import { describe, expect, it } from 'vitest';
import {
  checkDue,
  stateOf,
  unknownEntries,
} from '../../../../../lib/background/new-purchases/arrivals-model.ts';
import type { KnownPurchases } from '../../../../../lib/storage/items.ts';
import { libraryEntry } from '../../../../helpers/popup-fixtures.ts';

const minute = 60_000;
const state: KnownPurchases = { storeUrl: 'http://store', username: 'demo', known: [1], checkedAt: 0 };

describe('when to look', () => {
  it('looks at once for a person (popup, checkout) or with no state; else every 15 minutes, an alarm a little early counting', () => {
    expect(checkDue(null, 'schedule', 0)).toBe(true);
    expect(checkDue(state, 'popup', 1)).toBe(true);
    expect(checkDue(state, 'checkout', 1)).toBe(true);
    expect(checkDue(state, 'workerStart', 5 * minute)).toBe(false);
    expect(checkDue(state, 'schedule', 14 * minute)).toBe(false);
    expect(checkDue(state, 'schedule', 14.5 * minute)).toBe(true);
    // A clock set back: the stored time is in the future, so it would never be due.
    expect(checkDue({ ...state, checkedAt: 60 * minute }, 'schedule', 0)).toBe(true);
  });

  it('takes a stored state only for its store and user', () => {
    expect(stateOf(state, 'http://store', 'demo')).toBe(state);
    expect(stateOf(state, 'http://other', 'demo')).toBeNull();
    expect(stateOf(state, 'http://store', 'other')).toBeNull();
  });
});

describe('which entries are new', () => {
  it('reads pages until one holds a known entry', async () => {
    let read = 0;
    async function* pages() {
      for (const ids of [
        [9, 8],
        [7, 6],
        [5, 4],
      ]) {
        read++;
        yield ids.map((id) => libraryEntry(id));
      }
    }
    const fresh = await unknownEntries(pages(), new Set([6, 5, 4]));
    expect(fresh.map((entry) => entry.id)).toEqual([9, 8, 7]);
    expect(read).toBe(2);
  });
});

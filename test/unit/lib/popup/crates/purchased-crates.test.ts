// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PurchasedCrate } from '../../../../../lib/contract/wire.ts';
import { loadPurchasedCrates } from '../../../../../lib/popup/crates/purchased-crates.ts';
import { popupCache } from '../../../../../lib/storage/popup-cache.ts';
import { cartItem, fakeBackground, signedIn, storeDown } from '../../../../helpers/popup-fixtures.ts';

const coldVision: PurchasedCrate = {
  name: 'Frank Silva - Cold Vision',
  purchasedAt: '2026-11-20T21:00:00.000Z',
  items: [cartItem(3), cartItem(1), cartItem(2)],
};

/** Every list shown, in turn, once the load has settled. */
async function shownLists(): Promise<(readonly PurchasedCrate[])[]> {
  const shown: (readonly PurchasedCrate[])[] = [];
  await loadPurchasedCrates((crates) => shown.push(crates));
  return shown;
}

beforeEach(async () => {
  fakeBrowser.reset();
  await popupCache.clear();
});

describe('the purchased crates the export dialog offers', () => {
  it('keeps the store answer, so a closed popup offers the crates offline, in their order', async () => {
    await popupCache.put(null, 'auth', signedIn);
    fakeBackground({ purchasedCrates: () => [coldVision] });
    expect(await shownLists()).toEqual([[coldVision]]);

    fakeBrowser.reset();
    fakeBackground({
      purchasedCrates: () => {
        throw storeDown;
      },
    });
    const offline = await shownLists();
    expect(offline).toEqual([[coldVision]]);
    expect(offline[0]?.[0]?.items.map((item) => item.id)).toEqual([3, 1, 2]);
  });

  it('shows the last list at once, then the store answer', async () => {
    await popupCache.put(null, 'auth', signedIn);
    fakeBackground({ purchasedCrates: () => [coldVision] });
    await shownLists();
    const later = { ...coldVision, name: 'Warehouse set' };
    fakeBrowser.reset();
    fakeBackground({ purchasedCrates: () => [later, coldVision] });
    expect(await shownLists()).toEqual([[coldVision], [later, coldVision]]);
  });

  it('offers none when the store cannot be reached and nothing was kept', async () => {
    await popupCache.put(null, 'auth', signedIn);
    fakeBackground({
      purchasedCrates: () => {
        throw storeDown;
      },
    });
    expect(await shownLists()).toEqual([[]]);
  });

  it('keeps nothing for nobody: signed out, the answer is shown but not cached', async () => {
    fakeBackground({ purchasedCrates: () => [coldVision] });
    expect(await shownLists()).toEqual([[coldVision]]);
    await popupCache.put(null, 'auth', signedIn);
    fakeBrowser.reset();
    fakeBackground({
      purchasedCrates: () => {
        throw storeDown;
      },
    });
    expect(await shownLists()).toEqual([[]]);
  });
});

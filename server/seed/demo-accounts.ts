import type { AudioFormat, CartItemInput } from '../../lib/contract/wire.ts';
import { createUser, findUserByName } from '../accounts/users.ts';
import { defaultConfig } from '../app.ts';
import { addItems, defaultCartName } from '../cart/cart-store.ts';
import type { StoreConfig, StoreContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { FileNetwork } from '../http/file-network.ts';
import { checkoutCart } from '../orders/checkout.ts';
import { demoRelease, popularPurchases } from './queries.ts';

// Every format the demo store sells, so the library, the exports and the stick show each.
const formats: AudioFormat[] = ['mp3', 'wav', 'aiff', 'flac'];

/**
 * The accounts a demo needs: `demo`/`demo` owning a few purchases, and `dj2`/`dj2` owning none.
 * Safe to call on every start: an account that exists is left alone.
 */
export async function ensureDemoAccounts(db: Database, config: StoreConfig = defaultConfig()): Promise<void> {
  if (!(await findUserByName(db, 'dj2'))) await createUser(db, 'dj2', 'dj2', config.passwordCost);
  if (await findUserByName(db, 'demo')) return;
  const demo = await createUser(db, 'demo', 'demo', config.passwordCost);
  const ctx: StoreContext = {
    db,
    config,
    auth: { verifyAccessToken: async () => null },
    fileNetwork: new FileNetwork(),
  };
  // Two orders, bought the way a customer buys: fill a cart, check out.
  for (const items of await demoPurchases(db)) {
    await addItems(ctx, demo.id, defaultCartName, items, false);
    await checkoutCart(ctx, demo.id, defaultCartName);
  }
}

/**
 * Some of the most popular tracks and one featured release: the home page shows them, so the
 * "already purchased" marks and the download library can be seen at once.
 */
async function demoPurchases(db: Database): Promise<CartItemInput[][]> {
  const release = await db.get(demoRelease);
  const popular = await db.all(popularPurchases, { notOfRelease: release?.id ?? 0, limit: 16 });
  const tracks = popular
    .filter((_, rank) => rank % 2 === 0)
    .map(
      (track, i): CartItemInput => ({
        id: track.id,
        type: 'track',
        audioFormat: formats[i % formats.length] as AudioFormat,
      }),
    );
  const second = tracks.slice(4);
  if (release) second.push({ id: release.id, type: 'release', audioFormat: 'mp3' });
  return [tracks.slice(0, 4), second].filter((items) => items.length > 0);
}

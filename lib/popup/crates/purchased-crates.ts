/**
 * The named carts bought, for the export dialog: the list last shown to this store and user at
 * once (the popup cache), then the store's answer. While the store cannot be reached the last list
 * stays, so a crate bought last week is offered offline too; signing out clears it with the rest
 * of the popup cache, so another account never sees it.
 */
import type { PurchasedCrate } from '../../contract/wire.ts';
import type { AuthState } from '../../protocol/messages.ts';
import { send } from '../../protocol/send.ts';
import { popupCache } from '../../storage/popup-cache.ts';
import { authCacheKey, scopeOf } from '../popup-snapshot.ts';

const purchasedCratesKey = 'purchased-crates';

export async function loadPurchasedCrates(show: (crates: readonly PurchasedCrate[]) => void): Promise<void> {
  const auth = await popupCache.get<AuthState>(null, authCacheKey);
  const scope = scopeOf(auth?.value ?? null);
  const cached = scope ? await popupCache.get<PurchasedCrate[]>(scope, purchasedCratesKey) : undefined;
  if (cached) show(cached.value);
  let fresh: PurchasedCrate[];
  try {
    fresh = await send('purchasedCrates', {});
  } catch {
    // A store that keeps no crates, or one out of reach: the other export choices stay.
    if (!cached) show([]);
    return;
  }
  show(fresh);
  if (scope) await popupCache.put(scope, purchasedCratesKey, fresh);
}

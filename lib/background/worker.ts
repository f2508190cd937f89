/**
 * The worker's composition root: its features, each a folder of lib/background/ exporting its part
 * of the one typed message table. Adding a feature is a line in the table below.
 */
import type { CatalogItemRef } from '../contract/catalog-url.ts';
import type { Handlers } from '../protocol/receive.ts';
import { authHandlers } from './auth/auth-handlers.ts';
import type { AuthService } from './auth/auth-service.ts';
import { cartHandlers } from './cart/cart-handlers.ts';
import { createCartService } from './cart/cart-service.ts';
import { addWithNotice } from './cart/notified-add.ts';
import { catalogHandlers } from './catalog/catalog-handlers.ts';
import { collectionSourceOf } from './collection/collection-check.ts';
import { createDownloadService } from './downloads/download-service.ts';
import { libraryHandlers } from './downloads/library-handlers.ts';
import { createFollowing } from './following/following-service.ts';
import { createNewPurchases, newPurchasesHandlers } from './new-purchases/new-purchases-service.ts';
import { matchTracklist } from './tracklist/tracklist-service.ts';
import { stickHandlers } from './usb-stick/stick-handlers.ts';
import { createWorkerContext } from './worker-context.ts';
import type { WorkerStorage } from './worker-storage.ts';

export function createWorker(auth: AuthService, stored?: WorkerStorage) {
  const worker = createWorkerContext(auth, stored);
  const cart = createCartService(worker);
  const collectionSource = (item: CatalogItemRef) => collectionSourceOf(worker.api, item);
  const downloads = createDownloadService({
    ...worker,
    addToCart: (item) => addWithNotice(cart, item, collectionSource),
    refreshOwned: () => cart.cartState.refresh(),
  });
  const following = createFollowing(worker);
  const newPurchases = createNewPurchases({
    api: worker.api,
    username: async () => (await auth.currentGrant())?.username ?? null,
    here: downloads.entriesHere,
    enqueue: downloads.queueArrivals,
  });
  const cartMessages = cartHandlers(cart);
  const handlers: Handlers = {
    ...authHandlers(worker, cart),
    ...cartMessages,
    ...catalogHandlers(worker),
    ...libraryHandlers(worker, cart, downloads),
    ...following.handlers,
    ...newPurchasesHandlers(newPurchases, cartMessages.purchasesChanged),
    ...stickHandlers(worker),
    matchTracklist: ({ lines }) => matchTracklist(worker, cart, lines),
  };
  return {
    handlers,
    auth,
    cart,
    downloads,
    following,
    newPurchases,
    collectionSource,
    stored: worker.stored,
  };
}

export type Worker = ReturnType<typeof createWorker>;

/**
 * The stored items a click in a store tab needs before its store call, as the worker keeps them
 * (lib/storage/kept-item.ts): the settings that name the store and the cart, the pages' cart state
 * and the access token. Made once per worker start, at the top level, so their storage.onChanged
 * listeners are registered before any event is handled; every other item is read when needed.
 */

import {
  accessTokenItem,
  cartNamesSetting,
  cartStateItem,
  currentCartSetting,
  sourceTypeSetting,
  storeUrlSetting,
} from '../storage/items.ts';
import { keptItem } from '../storage/kept-item.ts';

export function createWorkerStorage() {
  return {
    storeUrl: keptItem(storeUrlSetting),
    sourceType: keptItem(sourceTypeSetting),
    currentCart: keptItem(currentCartSetting),
    cartNames: keptItem(cartNamesSetting),
    cartState: keptItem(cartStateItem),
    accessToken: keptItem(accessTokenItem),
  };
}

export type WorkerStorage = ReturnType<typeof createWorkerStorage>;

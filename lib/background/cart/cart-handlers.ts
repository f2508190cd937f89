/** The cart's messages, each one call into the cart service (cart-service.ts). */
import type { Handlers } from '../../protocol/receive.ts';
import type { CartService } from './cart-service.ts';

export function cartHandlers(cart: CartService) {
  return {
    viewCart: (target) => cart.view(target),
    addToCart: (request) => cart.add(request),
    addChecked: (request) => cart.addChecked(request),
    setItemFormats: (request) => cart.setItemFormats(request),
    setCartFormat: (request) => cart.setCartFormat(request),
    removeFromCart: (request) => cart.remove(request),
    emptyCart: (target) => cart.empty(target),
    async cartShown() {
      await cart.checkShown();
      return {};
    },
    setCurrentCart: ({ name }) => cart.setCurrent(name),
    importCrate: ({ cartName, crate }) => cart.importCrate(cartName, crate),
    async purchasesChanged() {
      await cart.resync();
      return {};
    },
  } satisfies Partial<Handlers>;
}

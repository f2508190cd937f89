/**
 * How much the store's carts hold by default (docs/api.md, "Cart"): the store's config starts from
 * these (a store may be run with others, --carts-per-user and --items-per-cart), and the extension
 * checks a shared crate against them before asking the store.
 */
export interface CartLimits {
  /** Carts one user may have, the default cart included. */
  cartsPerUser: number;
  /** Items one cart may hold (a release counts as one). */
  itemsPerCart: number;
}

export const defaultCartLimits: Readonly<CartLimits> = { cartsPerUser: 100, itemsPerCart: 1000 };

/**
 * The store's cart warnings (contract.md section 4) as sentences about the item, and whether the
 * store lets the person go ahead anyway: only `alreadyPurchased` has an override.
 */

import { itemKey } from '../contract/item-key.ts';
import type { CartWarning } from '../contract/wire.ts';

export interface ReadableWarning {
  key: string;
  text: string;
  /** The store accepts the same add again with alreadyPurchasedOverride=true. */
  overridable: boolean;
  warning: CartWarning;
}

/** `names` maps `<type>:<id>` to the item's title, when the popup knows it. */
export function readableWarning(warning: CartWarning, names: ReadonlyMap<string, string>): ReadableWarning {
  const known = names.get(itemKey(warning));
  const item = known ? `"${known}"` : `This ${warning.type}`;
  const texts: Record<CartWarning['code'], string> = {
    alreadyPurchased: `You already own ${item}; it is in your library. Add it again only if you mean to buy it twice.`,
    notFound: `${item} is no longer sold by the store.`,
    notPurchasable: `${item} is a free promotion: download it from the store instead of buying it.`,
    alreadyInCart: `${item} was already in the cart; it keeps one copy in the format you chose.`,
    notInCart: `${item} is no longer in this cart; it may have changed in another window.`,
  };
  return {
    key: `${warning.code}:${itemKey(warning)}`,
    text: texts[warning.code] ?? warning.message,
    overridable: warning.code === 'alreadyPurchased',
    warning,
  };
}

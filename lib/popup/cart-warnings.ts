/**
 * The store's cart warnings (contract.md section 4) as sentences about the item, and whether the
 * store lets the person go ahead anyway: only `alreadyPurchased` has an override.
 */

import { i18n } from '#i18n';
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
  const unnamed =
    warning.type === 'track' ? i18n.t('popup.warnings.thisTrack') : i18n.t('popup.warnings.thisRelease');
  const item = known ? i18n.t('popup.warnings.quoted', [known]) : unnamed;
  const texts: Record<CartWarning['code'], () => string> = {
    alreadyPurchased: () => i18n.t('popup.warnings.alreadyPurchased', [item]),
    notFound: () => i18n.t('popup.warnings.notFound', [item]),
    notPurchasable: () => i18n.t('popup.warnings.notPurchasable', [item]),
    alreadyInCart: () => i18n.t('popup.warnings.alreadyInCart', [item]),
    notInCart: () => i18n.t('popup.warnings.notInCart', [item]),
  };
  return {
    key: `${warning.code}:${itemKey(warning)}`,
    text: texts[warning.code]?.() ?? warning.message,
    overridable: warning.code === 'alreadyPurchased',
    warning,
  };
}

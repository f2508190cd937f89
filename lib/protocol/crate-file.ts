/**
 * A shared crate: a small JSON file with a cart's name and items (track and release ids with
 * their formats), made by "Share" in the cart tab and read back by "Import". The same schema
 * checks the file in the popup and the import message in the worker.
 */
import { z } from 'zod';
import { i18n } from '#i18n';
import { defaultCartLimits } from '../contract/cart-limits.ts';
import { isCartName } from '../contract/cart-name.ts';
import { CartItemInput } from '../contract/wire.ts';
import { formatCount } from '../i18n/intl.ts';

const CartName = z.string().refine(isCartName, 'Not a cart name the store accepts.');

export const crateFileFormat = 'crate.shared-crate';

export const CrateFile = z.strictObject({
  format: z.literal(crateFileFormat),
  version: z.literal(1),
  name: CartName,
  items: z.array(CartItemInput).max(defaultCartLimits.itemsPerCart),
});
export type CrateFile = z.infer<typeof CrateFile>;

/** The file a cart is shared as. */
export const crateFile = (name: string, items: readonly z.infer<typeof CartItemInput>[]): CrateFile => ({
  format: crateFileFormat,
  version: 1,
  name,
  items: items.map(({ id, type, audioFormat }) => ({ id, type, audioFormat })),
});

/** The file's text as a crate, or the sentence saying why it is not one. */
export function readCrateFile(text: string): { crate: CrateFile } | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: i18n.t('popup.share.notJson') };
  }
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== crateFileFormat)
    return { problem: i18n.t('popup.share.notCrate') };
  const items = (data as { items?: unknown }).items;
  if (Array.isArray(items) && items.length > defaultCartLimits.itemsPerCart)
    return {
      problem: i18n.t('popup.share.tooMany', [
        formatCount(items.length),
        formatCount(defaultCartLimits.itemsPerCart),
      ]),
    };
  const parsed = CrateFile.safeParse(data);
  if (!parsed.success) return { problem: i18n.t('popup.share.damaged') };
  return { crate: parsed.data };
}

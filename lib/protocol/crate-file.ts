/**
 * A shared crate: a small JSON file with a cart's name and items (track and release ids with
 * their formats), made by "Share" in the cart tab and read back by "Import". The same schema
 * checks the file in the popup and the import message in the worker.
 */
import { z } from 'zod';
import { defaultCartLimits } from '../contract/cart-limits.ts';
import { isCartName } from '../contract/cart-name.ts';
import { CartItemInput } from '../contract/wire.ts';

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
    return { problem: 'This is not a Crate file: it is not JSON.' };
  }
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== crateFileFormat)
    return { problem: 'This is not a Crate file: pick a file made with "Share this cart".' };
  const items = (data as { items?: unknown }).items;
  if (Array.isArray(items) && items.length > defaultCartLimits.itemsPerCart)
    return {
      problem: `This crate has ${items.length.toLocaleString('en-US')} items; a cart holds at most ${defaultCartLimits.itemsPerCart.toLocaleString('en-US')}. Nothing was added.`,
    };
  const parsed = CrateFile.safeParse(data);
  if (!parsed.success)
    return { problem: 'This Crate file is damaged or from a newer version: nothing was added.' };
  return { crate: parsed.data };
}

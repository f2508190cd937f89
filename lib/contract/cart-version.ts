/**
 * A cart's version (docs/api.md, "Cart versions"): a digest of its items and the format of each,
 * whatever their order. The store sends it with every cart answer (`metadata.cartVersion`, the
 * `ETag` of a read); the worker computes it over the cart it keeps, so it knows its copy equals
 * the store's cart without reading it again. Made from what a cart holds, it is the same whichever
 * path changed the cart (the API, the website, a checkout), and an empty cart has the version of
 * one never made.
 */
import { type ItemKey, itemKey } from './item-key.ts';
import type { ItemType } from './wire.ts';

export interface VersionedLine {
  type: ItemType;
  id: number;
  audioFormat: string;
}

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The version of a cart holding `lines` (SHA-256 of the sorted `type:id:format` lines, 24 hex digits). */
export async function cartVersion(lines: Iterable<VersionedLine>): Promise<string> {
  const text = Array.from(lines, (line) => `${itemKey(line)}:${line.audioFormat}`)
    .sort()
    .join('\n');
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).slice(0, 24);
}

/** The version of a cart kept as item keys and formats (lib/storage/cart-state.ts). */
export const keptCartVersion = (cart: Partial<Record<ItemKey, string>>): Promise<string> =>
  cartVersion(
    Object.entries(cart).map(([key, audioFormat]) => {
      const [type, id] = key.split(':');
      return { type: type as ItemType, id: Number(id), audioFormat: audioFormat as string };
    }),
  );

/**
 * One cart item as a key, `track:42` or `release:7`: how the store matches items in a cart and the
 * extension keys its caches, rows and marks. Type-only imports: the content script uses it too.
 */
import type { ItemType } from './wire.ts';

export type ItemKey = `${ItemType}:${number}`;

export const itemKey = (item: { type: ItemType; id: number }): ItemKey => `${item.type}:${item.id}`;

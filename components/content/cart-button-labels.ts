/**
 * What the page's cart buttons say: format labels, each button's accessible name, the question
 * before buying an owned item again and the overlap choices. Plain text, no DOM.
 */

import type { PageItem } from '../../lib/content/decorate.ts';
import type { ItemStatus } from '../../lib/content/item-state.ts';
import type { AudioFormat } from '../../lib/contract/wire.ts';
import type { OverlapChoice } from '../../lib/protocol/messages.ts';

export const label = (format: AudioFormat) => format.toUpperCase();

export const labels = (formats: readonly AudioFormat[]) => formats.map(label).join(', ');

/** Whether a format is one the item is owned in; formats not known count as owned (ask first). */
export const ownsFormat = (status: ItemStatus, format: AudioFormat): boolean =>
  status.owned && (status.ownedFormats === null || status.ownedFormats.includes(format));

/** An owned item in a format it is not owned in: an upgrade, bought without asking. */
export const isUpgrade = (status: ItemStatus, format: AudioFormat): boolean =>
  status.owned && !ownsFormat(status, format);

export function formatButtonName(item: PageItem, format: AudioFormat, status: ItemStatus): string {
  const { inCart } = status;
  const { title } = item;
  const price = item.prices?.[format];
  const cost = price ? `, ${price}` : '';
  if (inCart === format) return `"${title}" is in the cart as ${label(format)}`;
  if (inCart !== null) return `Change "${title}" to ${label(format)}${cost}`;
  if (isUpgrade(status, format))
    return `Get "${title}" as ${label(format)} (owned as ${labels(status.ownedFormats ?? [])})${cost}`;
  return `Add "${title}" to cart as ${label(format)}${cost}`;
}

/** What buying an owned item again costs, as far as the row tells: its base (MP3) price. */
export function ownedQuestion(item: PageItem, status: ItemStatus, format: AudioFormat): string {
  const cost =
    item.price === null
      ? ''
      : ` for ${item.price}${format === 'mp3' ? '' : ` plus the ${label(format)} fee`}`;
  if (status.ownedFormats === null || status.ownedFormats.length === 0)
    return `You already own this: add anyway${cost}?`;
  return `You own this as ${labels(status.ownedFormats)}: buy ${label(format)} again${cost}?`;
}

export const choiceLabels: Record<OverlapChoice, string> = {
  missingOnly: 'Only the missing tracks',
  replace: 'Replace',
  addAnyway: 'Add anyway, pay twice',
  cancel: 'Cancel',
};

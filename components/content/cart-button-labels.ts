/**
 * What the page's cart buttons say: format labels, each button's accessible name, the question
 * before buying an owned item again and the overlap choices. Plain text, no DOM.
 */

import { i18n } from '#i18n';
import type { PageItem } from '../../lib/content/decorate.ts';
import type { ItemStatus } from '../../lib/content/item-state.ts';
import { formatLabel } from '../../lib/contract/audio-formats.ts';
import type { AudioFormat } from '../../lib/contract/wire.ts';
import type { OverlapChoice } from '../../lib/protocol/messages.ts';

export const labels = (formats: readonly AudioFormat[]) => formats.map(formatLabel).join(', ');

/** Whether a format is one the item is owned in; formats not known count as owned (ask first). */
export const ownsFormat = (status: ItemStatus, format: AudioFormat): boolean =>
  status.owned && (status.ownedFormats === null || status.ownedFormats.includes(format));

/** An owned item in a format it is not owned in: an upgrade, bought without asking. */
export const isUpgrade = (status: ItemStatus, format: AudioFormat): boolean =>
  status.owned && !ownsFormat(status, format);

/** A name with the price the button adds for, when the row says it. */
const priced = (name: string, price: string | undefined) =>
  price ? i18n.t('content.withPrice', [name, price]) : name;

export function formatButtonName(item: PageItem, format: AudioFormat, status: ItemStatus): string {
  const { inCart } = status;
  const { title } = item;
  const price = item.prices?.[format];
  if (inCart === format) return i18n.t('content.inCartAs', [title, formatLabel(format)]);
  if (inCart !== null) return priced(i18n.t('content.changeTo', [title, formatLabel(format)]), price);
  if (isUpgrade(status, format))
    return priced(
      i18n.t('content.getAs', [title, formatLabel(format), labels(status.ownedFormats ?? [])]),
      price,
    );
  return priced(i18n.t('content.addAs', [title, formatLabel(format)]), price);
}

/** What buying an owned item again costs, as far as the row tells: its base (MP3) price. */
export function ownedQuestion(item: PageItem, status: ItemStatus, format: AudioFormat): string {
  const { price } = item;
  const fee = format !== 'mp3';
  if (status.ownedFormats === null || status.ownedFormats.length === 0) {
    if (price === null) return i18n.t('content.ownedAddAnyway');
    return fee
      ? i18n.t('content.ownedAddAnywayForFee', [price, formatLabel(format)])
      : i18n.t('content.ownedAddAnywayFor', [price]);
  }
  const owned = labels(status.ownedFormats);
  if (price === null) return i18n.t('content.ownedAgain', [owned, formatLabel(format)]);
  return fee
    ? i18n.t('content.ownedAgainForFee', [owned, formatLabel(format), price, formatLabel(format)])
    : i18n.t('content.ownedAgainFor', [owned, formatLabel(format), price]);
}

/** The overlap choices' words, read when drawn (the page's language can only be the browser's). */
export const choiceLabel = (choice: OverlapChoice): string => i18n.t(`content.choice.${choice}`);

const choices: Record<OverlapChoice, true> = {
  missingOnly: true,
  replace: true,
  addAnyway: true,
  cancel: true,
};

export const isOverlapChoice = (value: string | undefined): value is OverlapChoice =>
  value !== undefined && Object.hasOwn(choices, value);

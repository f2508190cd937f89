import { i18n } from '#i18n';
import { formatLabel, soldOrKnown } from '../../../lib/contract/audio-formats.ts';
import type { KeyNotation } from '../../../lib/contract/musical-key.ts';
import type { AudioFormat, CartItem } from '../../../lib/contract/wire.ts';
import { formatPercent } from '../../../lib/i18n/intl.ts';
import { type PaidTwice, paidTwiceText } from '../../../lib/popup/cart-overlap.ts';
import { formatMoney } from '../../../lib/popup/money.ts';
import type { CatalogFacts } from '../../../lib/protocol/messages.ts';
import type { MixRating, Transition } from '../../../lib/set-order/transitions.ts';
import { PreviewButton } from '../track-rows/preview-button.tsx';
import { OwnedMark, TrackFactsLine, TrackThumb } from '../track-rows/track-view.tsx';

export interface CartItemRowProps {
  item: CartItem;
  /** The formats the store sells (metadata.audioFormats); our list when it names none. */
  formats: readonly string[];
  disabled: boolean;
  onFormat(item: CartItem, format: AudioFormat): void;
  onRemove(item: CartItem): void;
  /** The formats the person already owns it in (null: owned, formats not known); [] or absent: not owned. */
  ownedFormats?: readonly AudioFormat[] | null;
  /** What the catalog says of it (artwork, BPM, key, sample); absent until looked up. */
  facts?: CatalogFacts;
  /** A track's preview: the catalog's `sampleUrl` once looked up, the store's sample path before. */
  sampleUrl?: string;
  /** What of its price pays for something owned or already in the cart. */
  paidTwice?: PaidTwice;
  notation?: KeyNotation;
  /** In a set: how the track before mixes into this one. */
  mix?: Transition;
}

const mixWords: Record<MixRating, () => string> = {
  smooth: () => i18n.t('popup.cart.mixSmooth'),
  good: () => i18n.t('popup.cart.mixGood'),
  stretch: () => i18n.t('popup.cart.mixStretch'),
  clash: () => i18n.t('popup.cart.mixClash'),
};
const keyWords: Record<Transition['key'], () => string> = {
  same: () => i18n.t('popup.cart.mixSameKey'),
  harmonic: () => i18n.t('popup.cart.mixHarmonicKey'),
  clash: () => i18n.t('popup.cart.mixKeyClash'),
};

/** "Good mix in: harmonic key, tempo 2.5 %", its colour the rating's (and the words say it too). */
function MixLine({ mix }: { mix: Transition }) {
  const tempo = formatPercent(mix.tempoStep);
  return (
    <span class={`item-sub mix mix-${mix.rating}`}>
      {i18n.t('popup.cart.mixInto', [mixWords[mix.rating](), keyWords[mix.key](), tempo])}
    </span>
  );
}

const primaryArtistsLine = (item: CartItem) =>
  item.artists
    .filter((artist) => artist.role === 'artist')
    .map((artist) => artist.name)
    .join(', ');

/**
 * One cart item: play control, artwork, title (focusable: a truncated title shows in full on hover
 * and focus), artists, BPM and key, what would be paid twice, its format (changeable), price, remove.
 */
export function CartItemRow({
  item,
  formats,
  disabled,
  onFormat,
  onRemove,
  ownedFormats = [],
  facts,
  paidTwice,
  notation = 'musical',
  sampleUrl,
  mix,
}: CartItemRowProps) {
  const sold = soldOrKnown(formats);
  // The item's own format stays a choice though the store stopped selling it: the row shows what the cart holds.
  const choices = sold.includes(item.audioFormat) ? sold : [...sold, item.audioFormat];
  const titleId = `cart-item-${item.type}-${item.id}`;
  return (
    <li class="cart-item" aria-labelledby={titleId}>
      {item.type === 'track' ? (
        <PreviewButton trackId={item.id} sampleUrl={sampleUrl} title={item.name} />
      ) : (
        <span class="play-space" aria-hidden="true" />
      )}
      <TrackThumb image={facts?.image} />
      <div class="item-text">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a truncated title can be read in full from the keyboard */}
        <span class="item-title" id={titleId} title={item.name} tabIndex={0}>
          {item.name}
        </span>
        <span class="item-sub">
          {item.type === 'release' && <span class="tag">{i18n.t('popup.cart.release')}</span>}
          <OwnedMark formats={ownedFormats} />
          {primaryArtistsLine(item)}
        </span>
        {item.type === 'track' && facts && <TrackFactsLine facts={facts} notation={notation} />}
        {mix && <MixLine mix={mix} />}
        {paidTwice && (
          <span class="item-sub paid-twice" title={paidTwice.reason}>
            <span class="tag warn">{paidTwiceText(paidTwice)}</span> {paidTwice.reason}
          </span>
        )}
      </div>
      <select
        aria-label={i18n.t('popup.cart.formatOf', [item.name])}
        value={item.audioFormat}
        disabled={disabled}
        onChange={(event) => onFormat(item, event.currentTarget.value as AudioFormat)}
      >
        {choices.map((format) => (
          <option key={format} value={format}>
            {formatLabel(format)}
          </option>
        ))}
      </select>
      <span class="price">{formatMoney(item.price)}</span>
      <button
        type="button"
        class="quiet"
        aria-label={i18n.t('popup.cart.removeItem', [item.name])}
        disabled={disabled}
        onClick={() => onRemove(item)}
      >
        {i18n.t('popup.cart.remove')}
      </button>
    </li>
  );
}

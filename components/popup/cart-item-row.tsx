import { audioFormats } from '../../lib/contract/audio-formats.ts';
import type { AudioFormat, CartItem } from '../../lib/contract/wire.ts';
import { formatMoney } from '../../lib/popup/money.ts';
import { formatLabels } from './format-switcher.tsx';
import { OwnedMark } from './track-view.tsx';

export interface CartItemRowProps {
  item: CartItem;
  /** The formats the store sells (metadata.audioFormats); our list when it names none. */
  formats: readonly string[];
  disabled: boolean;
  onFormat(item: CartItem, format: AudioFormat): void;
  onRemove(item: CartItem): void;
  /** The formats the person already owns it in (null: owned, formats not known); [] or absent: not owned. */
  ownedFormats?: readonly AudioFormat[] | null;
}

const artistNames = (item: CartItem) =>
  item.artists
    .filter((artist) => artist.role === 'artist')
    .map((artist) => artist.name)
    .join(', ');

/** One cart item: title, artists, its format (changeable), price and remove. */
export function CartItemRow({
  item,
  formats,
  disabled,
  onFormat,
  onRemove,
  ownedFormats = [],
}: CartItemRowProps) {
  const choices = audioFormats.filter((format) => formats.length === 0 || formats.includes(format));
  return (
    <li class="cart-item">
      <div class="item-text">
        <span class="item-title" title={item.name}>
          {item.name}
        </span>
        <span class="item-sub">
          {item.type === 'release' && <span class="tag">Release</span>}
          <OwnedMark formats={ownedFormats} />
          {artistNames(item)}
        </span>
      </div>
      <select
        aria-label={`Format of "${item.name}"`}
        value={item.audioFormat}
        disabled={disabled}
        onChange={(event) => onFormat(item, event.currentTarget.value as AudioFormat)}
      >
        {choices.map((format) => (
          <option key={format} value={format}>
            {formatLabels[format]}
          </option>
        ))}
      </select>
      <span class="price">{formatMoney(item.price)}</span>
      <button
        type="button"
        class="quiet"
        aria-label={`Remove "${item.name}"`}
        disabled={disabled}
        onClick={() => onRemove(item)}
      >
        Remove
      </button>
    </li>
  );
}

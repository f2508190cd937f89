import { useState } from 'preact/hooks';
import { audioFormats } from '../../lib/contract/audio-formats.ts';
import { itemKey } from '../../lib/contract/item-key.ts';
import type { AudioFormat, CartItem } from '../../lib/contract/wire.ts';
import { previewCartFormat } from '../../lib/popup/format-preview.ts';
import { formatMoney, fromCents, toCents } from '../../lib/popup/money.ts';
import type { CatalogFacts } from '../../lib/protocol/messages.ts';

export const formatLabels: Record<AudioFormat, string> = { mp3: 'MP3', wav: 'WAV', aiff: 'AIFF' };

export interface FormatSwitcherProps {
  items: readonly CartItem[];
  /** The items' catalog facts (use-catalog-facts.ts), which carry their format fees. */
  facts: ReadonlyMap<string, CatalogFacts>;
  factsFailed: boolean;
  total: { value: number; currency: string };
  disabled: boolean;
  onApply(format: AudioFormat): void;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "Set all items to" MP3 / WAV / AIFF: choosing one previews the new total; Apply changes the cart. */
export function FormatSwitcher({ items, facts, factsFailed, total, disabled, onApply }: FormatSwitcherProps) {
  const [target, setTarget] = useState<AudioFormat | null>(null);
  const fees = new Map(
    items.flatMap((item) => {
      const known = facts.get(itemKey(item));
      return known ? [[itemKey(item), known.fee] as const] : [];
    }),
  );
  const preview = target ? previewCartFormat(items, target, fees) : null;
  const money = (cents: number) => formatMoney({ value: fromCents(cents), currency: total.currency });

  return (
    <fieldset class="format-switcher">
      <legend>Set all items to</legend>
      <div class="segmented">
        {audioFormats.map((format) => (
          <label key={format} class="segment">
            <input
              type="radio"
              name="set-all-items-to"
              value={format}
              checked={target === format}
              onChange={() => setTarget(format)}
            />
            <span>{formatLabels[format]}</span>
          </label>
        ))}
        {target && preview && (
          <button
            type="button"
            class="primary"
            disabled={disabled || preview.changing === 0}
            onClick={() => {
              onApply(target);
              setTarget(null);
            }}
          >
            Apply {formatLabels[target]} to all
          </button>
        )}
      </div>
      {target && preview && (
        <p class="preview" aria-live="polite">
          {preview.changing === 0 ? (
            `Every item is already ${formatLabels[target]}.`
          ) : (
            <>
              {preview.unknown > 0 ? 'Estimated new total ' : 'New total '}
              <strong>{money(preview.totalCents)}</strong> (now {money(toCents(total.value))}),{' '}
              {plural(preview.changing, 'item')} changing to {formatLabels[target]}.
              {preview.unknown > 0 &&
                (!factsFailed
                  ? ` Checking the fees of ${plural(preview.unknown, 'item')}…`
                  : ` The fees of ${plural(preview.unknown, 'item')} could not be checked, so their current prices are counted.`)}
            </>
          )}
        </p>
      )}
    </fieldset>
  );
}

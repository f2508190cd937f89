import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatLabel, soldOrKnown } from '../../../lib/contract/audio-formats.ts';
import type { AudioFormat, CartItem } from '../../../lib/contract/wire.ts';
import { plural } from '../../../lib/i18n/plural.ts';
import { previewCartFormat } from '../../../lib/popup/format-preview.ts';
import { formatMoney, fromCents, toCents } from '../../../lib/popup/money.ts';
import type { CatalogFacts } from '../../../lib/protocol/messages.ts';
import { part, withParts } from '../translations/message-parts.tsx';

export interface FormatSwitcherProps {
  items: readonly CartItem[];
  /** The items' catalog facts by item key (use-catalog-facts.ts), which carry their format prices. */
  facts: ReadonlyMap<string, CatalogFacts>;
  factsFailed: boolean;
  total: { value: number; currency: string };
  /** The formats the store sells (metadata.audioFormats); ours when it names none. */
  formats: readonly AudioFormat[];
  disabled: boolean;
  onApply(format: AudioFormat): void;
}

/** "Set all items to" one of the formats the store sells: choosing one previews the new total; Apply changes the cart. */
export function FormatSwitcher({
  items,
  facts,
  factsFailed,
  total,
  formats,
  disabled,
  onApply,
}: FormatSwitcherProps) {
  const [target, setTarget] = useState<AudioFormat | null>(null);
  const preview = target ? previewCartFormat(items, target, facts) : null;
  const money = (cents: number) => formatMoney({ value: fromCents(cents), currency: total.currency });

  return (
    <fieldset class="format-switcher">
      <legend>{i18n.t('popup.switcher.legend')}</legend>
      <div class="segmented">
        {soldOrKnown(formats).map((format) => (
          <label key={format} class="segment">
            <input
              type="radio"
              name="set-all-items-to"
              value={format}
              checked={target === format}
              onChange={() => setTarget(format)}
            />
            <span>{formatLabel(format)}</span>
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
            {i18n.t('popup.switcher.apply', [formatLabel(target)])}
          </button>
        )}
      </div>
      {target && preview && (
        <p class="preview" aria-live="polite">
          {preview.changing === 0 ? (
            i18n.t('popup.switcher.already', [formatLabel(target)])
          ) : (
            <>
              {withParts(
                plural(
                  preview.unknown > 0 ? 'popup.switcher.estimatedTotal' : 'popup.switcher.newTotal',
                  preview.changing,
                  part(0),
                  money(toCents(total.value)),
                  formatLabel(target),
                ),
                <strong>{money(preview.totalCents)}</strong>,
              )}
              {preview.unknown > 0 &&
                ` ${plural(factsFailed ? 'popup.switcher.feesUnknown' : 'popup.switcher.checkingFees', preview.unknown)}`}
            </>
          )}
        </p>
      )}
    </fieldset>
  );
}

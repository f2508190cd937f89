import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemKey } from '../../../../lib/contract/item-key.ts';
import type { AudioFormat, CartItem, FormatPrices } from '../../../../lib/contract/wire.ts';
import { previewCartFormat } from '../../../../lib/popup/format-preview.ts';
import { toCents } from '../../../../lib/popup/money.ts';

const usd = (cents: number) => ({ value: cents / 100, currency: 'USD' });
/** The demo store's four formats: the fee record names WAV and AIFF, only the sold formats name FLAC. */
const formats = ['mp3', 'wav', 'aiff', 'flac'] as const;
type Fees = { wav: number; aiff: number; flac: number };
const feeCents = (fees: Fees, format: AudioFormat) =>
  format === 'wav' || format === 'aiff' || format === 'flac' ? fees[format] : 0;

/**
 * A cart item priced like the store prices it: base price plus its format's fee; its catalog record
 * with the fee record, and the sold formats' whole prices unless the store is one that lists none.
 */
const item = fc
  .record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    type: fc.constantFrom('track' as const, 'release' as const),
    baseCents: fc.integer({ min: 0, max: 5_000 }),
    fees: fc.record({
      wav: fc.integer({ min: 0, max: 2_000 }),
      aiff: fc.integer({ min: 0, max: 2_000 }),
      flac: fc.integer({ min: 0, max: 2_000 }),
    }),
    listsFormats: fc.boolean(),
    format: fc.constantFrom(...formats),
  })
  .map(({ id, type, baseCents, fees, listsFormats, format }) => ({
    cartItem: {
      id,
      type,
      audioFormat: format,
      name: `Item ${id}`,
      artists: [],
      price: usd(baseCents + feeCents(fees, format)),
    } satisfies CartItem,
    baseCents,
    record: {
      fee: { wav: usd(fees.wav), aiff: usd(fees.aiff) },
      ...(listsFormats
        ? { formats: formats.map((sold) => ({ format: sold, price: usd(baseCents + feeCents(fees, sold)) })) }
        : {}),
    } satisfies FormatPrices,
    fees,
    listsFormats,
  }));
const cart = fc.uniqueArray(item, {
  selector: (each) => `${each.cartItem.type}:${each.cartItem.id}`,
  maxLength: 40,
});

describe('the whole-cart format preview', () => {
  it('equals the sum of base price plus the target fee where the record tells both fees, FLAC too when it lists its formats', () => {
    fc.assert(
      fc.property(cart, fc.constantFrom(...formats), (items, target) => {
        const records = new Map(items.map((each) => [itemKey(each.cartItem), each.record]));
        const preview = previewCartFormat(
          items.map((each) => each.cartItem),
          target,
          records,
        );
        const changing = items.filter((each) => each.cartItem.audioFormat !== target);
        // A record without its formats names no FLAC fee: that item is counted at its current price.
        const known = (each: (typeof items)[number]) =>
          each.listsFormats || (target !== 'flac' && each.cartItem.audioFormat !== 'flac');
        const expected = items.reduce(
          (sum, each) =>
            sum +
            (each.cartItem.audioFormat === target || !known(each)
              ? toCents(each.cartItem.price.value)
              : each.baseCents + feeCents(each.fees, target)),
          0,
        );
        expect(preview.totalCents).toBe(expected);
        expect(preview.unknown).toBe(changing.filter((each) => !known(each)).length);
        expect(preview.changing).toBe(changing.length);
      }),
    );
  });

  it('keeps the current total for the format items already have, fees or not', () => {
    fc.assert(
      fc.property(cart, fc.constantFrom(...formats), (items, format) => {
        const same = items.map((each) => ({
          ...each.cartItem,
          audioFormat: format,
          price: usd(each.baseCents + feeCents(each.fees, format)),
        }));
        const preview = previewCartFormat(same, format, new Map());
        expect(preview.totalCents).toBe(same.reduce((sum, each) => sum + toCents(each.price.value), 0));
        expect(preview).toMatchObject({ changing: 0, unknown: 0 });
      }),
    );
  });

  it('counts an item without a known fee at its current price, and says how many there are', () => {
    const items: CartItem[] = [
      { id: 1, type: 'track', audioFormat: 'mp3', name: 'A', artists: [], price: usd(149) },
      { id: 2, type: 'release', audioFormat: 'mp3', name: 'B', artists: [], price: usd(500) },
    ];
    const records = new Map([['track:1', { fee: { wav: usd(100), aiff: usd(100) } }]]);
    expect(previewCartFormat(items, 'wav', records)).toEqual({ totalCents: 749, changing: 2, unknown: 1 });
  });
});

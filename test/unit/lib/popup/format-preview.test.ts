import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audioFormats } from '../../../../lib/contract/audio-formats.ts';
import { itemKey } from '../../../../lib/contract/item-key.ts';
import type { AudioFormat, CartItem } from '../../../../lib/contract/wire.ts';
import { previewCartFormat } from '../../../../lib/popup/format-preview.ts';
import { toCents } from '../../../../lib/popup/money.ts';
import type { CatalogFacts } from '../../../../lib/protocol/messages.ts';

const usd = (cents: number) => ({ value: cents / 100, currency: 'USD' });
const feeCents = (fees: { wav: number; aiff: number }, format: AudioFormat) =>
  format === 'wav' || format === 'aiff' ? fees[format] : 0;

/** A cart item priced like the store prices it: base price plus its format's fee. */
const item = fc
  .record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    type: fc.constantFrom('track' as const, 'release' as const),
    baseCents: fc.integer({ min: 0, max: 5_000 }),
    wav: fc.integer({ min: 0, max: 2_000 }),
    aiff: fc.integer({ min: 0, max: 2_000 }),
    format: fc.constantFrom(...audioFormats),
  })
  .map(({ id, type, baseCents, wav, aiff, format }) => ({
    cartItem: {
      id,
      type,
      audioFormat: format,
      name: `Item ${id}`,
      artists: [],
      price: usd(baseCents + feeCents({ wav, aiff }, format)),
    } satisfies CartItem,
    baseCents,
    fee: { wav: usd(wav), aiff: usd(aiff) } satisfies CatalogFacts['fee'],
    fees: { wav, aiff },
  }));
const cart = fc.uniqueArray(item, {
  selector: (each) => `${each.cartItem.type}:${each.cartItem.id}`,
  maxLength: 40,
});

describe('the whole-cart format preview', () => {
  it('equals the sum of base price plus the target fee, when every fee is known', () => {
    fc.assert(
      fc.property(cart, fc.constantFrom(...audioFormats), (items, target) => {
        const fees = new Map(items.map((each) => [itemKey(each.cartItem), each.fee]));
        const preview = previewCartFormat(
          items.map((each) => each.cartItem),
          target,
          fees,
        );
        const expected = items.reduce((sum, each) => sum + each.baseCents + feeCents(each.fees, target), 0);
        expect(preview.totalCents).toBe(expected);
        expect(preview.unknown).toBe(0);
        expect(preview.changing).toBe(items.filter((each) => each.cartItem.audioFormat !== target).length);
      }),
    );
  });

  it('keeps the current total for the format items already have, fees or not', () => {
    fc.assert(
      fc.property(cart, fc.constantFrom(...audioFormats), (items, format) => {
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
    const fees = new Map([['track:1', { wav: usd(100), aiff: usd(100) }]]);
    expect(previewCartFormat(items, 'wav', fees)).toEqual({ totalCents: 749, changing: 2, unknown: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { formatsHint } from '../../../../server/web/format.ts';

const usd = (value: number) => ({ value, currency: 'USD' });

describe("a track page's word on its formats", () => {
  it('names every format the store sells, grouped by what it adds to the price', () => {
    const formats = [
      { format: 'mp3', price: usd(1.29) },
      { format: 'wav', price: usd(2.29) },
      { format: 'aiff', price: usd(2.29) },
      { format: 'flac', price: usd(2.29) },
      { format: 'ogg', price: usd(1.79) },
    ];
    expect(formatsHint(formats, usd(1.29))).toBe('MP3; WAV, AIFF or FLAC +$1.00; OGG +$0.50');
  });

  it('reads as one format when the store sells one', () => {
    expect(formatsHint([{ format: 'mp3', price: usd(1.29) }], usd(1.29))).toBe('MP3');
    expect(formatsHint([], usd(1.29))).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatLabel,
  formatOfPriceAttribute,
  formatPriceAttribute,
  inFormatOrder,
  isAudioFormat,
  soldOrKnown,
} from '../../../../lib/contract/audio-formats.ts';
import { AudioFormat, feeIn, SoldFormat, Track } from '../../../../lib/contract/wire.ts';

describe('format ids are open-ended (issue #49)', () => {
  it('keeps the known labels and upper-cases an id it has never heard of', () => {
    expect(['mp3', 'wav', 'aiff', 'flac', 'ogg'].map(formatLabel)).toEqual([
      'MP3',
      'WAV',
      'AIFF',
      'FLAC',
      'OGG',
    ]);
  });

  it('takes any well-formed id and refuses anything else, on both sides of the wire', () => {
    for (const id of ['mp3', 'ogg', 'flac', 'm4a']) {
      expect(isAudioFormat(id)).toBe(true);
      expect(AudioFormat.safeParse(id).success).toBe(true);
    }
    for (const id of ['', 'MP3', 'og g', 'a'.repeat(17), 'wav"', 3, null]) {
      expect(isAudioFormat(id)).toBe(false);
      expect(AudioFormat.safeParse(id).success).toBe(false);
    }
  });

  it('reads the format back from its price attribute and ignores other attributes', () => {
    expect(formatOfPriceAttribute(formatPriceAttribute('ogg'))).toBe('ogg');
    expect(formatOfPriceAttribute('data-price-')).toBeNull();
    expect(formatOfPriceAttribute('data-currency')).toBeNull();
    expect(formatOfPriceAttribute('data-price-Og g')).toBeNull();
  });

  it("gives a format's fee where the record names it, none for MP3, and undefined otherwise", () => {
    const fee = { wav: { value: 1, currency: 'USD' }, aiff: { value: 1.5, currency: 'USD' } };
    expect(feeIn({ fee }, 'mp3')).toEqual({ value: 0, currency: 'USD' });
    expect(feeIn({ fee }, 'aiff')).toEqual(fee.aiff);
    expect(feeIn({ fee }, 'ogg')).toBeUndefined();
  });

  it("reads a fee from the item's sold formats (whole prices) before the fee record, FLAC's and an added format's too", () => {
    const fee = { wav: { value: 1, currency: 'USD' }, aiff: { value: 1, currency: 'USD' } };
    const usd = (value: number) => ({ value, currency: 'USD' });
    const formats = [
      { format: 'mp3', price: usd(1.49) },
      { format: 'wav', price: usd(2.49) },
      { format: 'flac', price: usd(2.49) },
      { format: 'ogg', price: usd(1.99) },
    ];
    expect(feeIn({ fee, formats }, 'flac')).toEqual(usd(1));
    expect(feeIn({ fee, formats }, 'ogg')).toEqual(usd(0.5));
    // Not listed: the fee record's, then nothing.
    expect(feeIn({ fee, formats }, 'aiff')).toEqual(fee.aiff);
    expect(feeIn({ fee, formats }, 'opus')).toBeUndefined();
    // Without the MP3's whole price there is nothing to take the format's from.
    expect(feeIn({ fee, formats: formats.slice(1) }, 'flac')).toBeUndefined();
  });

  it('parses a record with and without its sold formats', () => {
    const sold = { format: 'ogg', price: { value: 1.99, currency: 'USD' } };
    expect(SoldFormat.parse(sold)).toEqual(sold);
    expect(SoldFormat.safeParse({ ...sold, format: 'OGG' }).success).toBe(false);
    expect(Track.shape.formats.safeParse(undefined).success).toBe(true);
    expect(Track.shape.formats.safeParse([sold]).success).toBe(true);
  });

  it('orders formats as people see them: MP3, WAV, AIFF, then the ones a store added, by name, once each', () => {
    expect(inFormatOrder(['ogg', 'aiff', 'flac', 'mp3', 'aiff'])).toEqual(['mp3', 'aiff', 'flac', 'ogg']);
    expect(inFormatOrder([])).toEqual([]);
  });

  it("takes the store's own list, or ours when it names none", () => {
    expect(soldOrKnown(['flac', 'mp3'])).toEqual(['flac', 'mp3']);
    expect(soldOrKnown([])).toEqual(['mp3', 'wav', 'aiff']);
  });
});

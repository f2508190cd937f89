/**
 * The store's three-band waveforms (low, mid, high energy 0 to 255 per column) turned into the
 * waveforms rekordbox's players draw: the monochrome preview (PWAV, 400 columns; PWV2, 100), the
 * monochrome detail (PWV3, 150 columns a second, height and whiteness) and the colour detail
 * (PWV5, RGB 3 bits each and a 5-bit height). Layouts from crate-digger's rekordbox_anlz.ksy.
 */
import { waveformBands } from '../../contract/track-analysis.ts';

/** A band's energy (0 to 255) in three bits, and the 5-bit height of a column's loudest band. */
const threeBits = Uint8Array.from({ length: 256 }, (_, value) => Math.round((value / 255) * 7));
const fiveBits = Uint8Array.from({ length: 256 }, (_, value) => Math.round((value / 255) * 31));

/** Whiteness, 0 to 7: high-frequency content shows brighter on the monochrome waveforms. */
function whiteness(low: number, mid: number, high: number): number {
  const total = low + mid + high;
  return total === 0 ? 0 : Math.min(7, Math.round((high / total) * 14));
}

/** Columns of `bands`, `columns` of them, each the loudest of the source columns it covers. */
export function resample(bands: Uint8Array, columns: number): Uint8Array {
  const source = Math.floor(bands.length / waveformBands);
  const out = new Uint8Array(columns * waveformBands);
  if (source === 0) return out;
  for (let c = 0; c < columns; c++) {
    const from = Math.floor((c * source) / columns);
    const to = Math.max(from + 1, Math.floor(((c + 1) * source) / columns));
    for (let s = from; s < to; s++) {
      for (let b = 0; b < waveformBands; b++) {
        out[c * waveformBands + b] = Math.max(
          out[c * waveformBands + b] ?? 0,
          bands[s * waveformBands + b] ?? 0,
        );
      }
    }
  }
  return out;
}

/** PWAV / PWV2 / PWV3 bytes: height in the low 5 bits (`maxHeight` 31, or 15 for PWV2), whiteness above. */
export function monochrome(bands: Uint8Array, maxHeight: number): Uint8Array {
  const heights = Uint8Array.from({ length: 256 }, (_, value) => Math.round((value / 255) * maxHeight));
  const columns = Math.floor(bands.length / waveformBands);
  const out = new Uint8Array(columns);
  for (let i = 0, at = 0; i < columns; i++, at += waveformBands) {
    const low = bands[at] ?? 0;
    const mid = bands[at + 1] ?? 0;
    const high = bands[at + 2] ?? 0;
    out[i] = (heights[Math.max(low, mid, high)] ?? 0) | (whiteness(low, mid, high) << 5);
  }
  return out;
}

/** PWV5 entries, big-endian: red, green, blue (3 bits each: low, mid, high) and a 5-bit height. */
export function colorDetail(bands: Uint8Array): Uint8Array {
  const columns = Math.floor(bands.length / waveformBands);
  const out = new Uint8Array(columns * 2);
  for (let i = 0, at = 0; i < columns; i++, at += waveformBands) {
    const low = bands[at] ?? 0;
    const mid = bands[at + 1] ?? 0;
    const high = bands[at + 2] ?? 0;
    const height = fiveBits[Math.max(low, mid, high)] ?? 0;
    const entry =
      ((threeBits[low] ?? 0) << 13) |
      ((threeBits[mid] ?? 0) << 10) |
      ((threeBits[high] ?? 0) << 7) |
      (height << 2);
    out[i * 2] = entry >> 8;
    out[i * 2 + 1] = entry & 0xff;
  }
  return out;
}

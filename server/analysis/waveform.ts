import { waveformBands } from '../../lib/contract/track-analysis.ts';
import { type BandEnergy, blockFrames } from './band-energy.ts';

/**
 * A waveform of `columns` columns, each three bytes: the low, mid and high band's level, 0 to 255.
 * A level is the band's RMS over the column, relative to the loudest band of any column and
 * square-rooted, so quiet parts (a breakdown's pad, the hats) still show, as on a DJ app's deck.
 */
export function waveform(energy: BandEnergy, columns: number): Uint8Array {
  const blocks = energy.low.length;
  const bands = [energy.low, energy.mid, energy.high];
  const levels = new Float64Array(columns * waveformBands);
  let loudest = 0;
  for (let column = 0; column < columns; column++) {
    const from = Math.floor((column * blocks) / columns);
    const to = Math.max(from + 1, Math.floor(((column + 1) * blocks) / columns));
    bands.forEach((band, index) => {
      let sum = 0;
      for (let i = from; i < Math.min(to, blocks); i++) sum += band[i] as number;
      const rms = Math.sqrt(sum / ((to - from) * blockFrames));
      levels[column * waveformBands + index] = rms;
      loudest = Math.max(loudest, rms);
    });
  }
  const bytes = new Uint8Array(columns * waveformBands);
  if (loudest > 0)
    for (let i = 0; i < bytes.length; i++)
      bytes[i] = Math.round(255 * Math.sqrt((levels[i] as number) / loudest));
  return bytes;
}

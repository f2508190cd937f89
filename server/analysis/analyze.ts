import { endianness } from 'node:os';
import {
  type TrackAnalysis,
  waveformDetailColumnsPerSecond,
  waveformOverviewColumns,
} from '../../lib/contract/track-analysis.ts';
import { type BandEnergy, bandEnergy } from './band-energy.ts';
import { beatGrid } from './beat-grid.ts';
import { trackEnergy } from './energy.ts';
import { phraseCues } from './phrases.ts';
import { waveform } from './waveform.ts';

/** A master's samples as they stream: 16-bit, interleaved, `frames` frames in all. */
export interface PcmStream {
  sampleRate: number;
  channels: number;
  frames: number;
  chunks: Iterable<Int16Array>;
}

/** WAV samples are little-endian: on such a machine they are copied as they are. */
const littleEndian = endianness() === 'LE';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The analysis of a master from its band energies. */
export function analysisOf(energy: BandEnergy): TrackAnalysis {
  const grid = beatGrid(energy);
  const cues = phraseCues(energy, grid);
  return {
    version: 1,
    bpm: grid.bpm,
    firstDownbeatMs: round(grid.firstDownbeat * 1000, 1),
    beatsPerBar: 4,
    beatCount: grid.beatCount,
    durationMs: Math.max(1, Math.round((energy.frames / energy.sampleRate) * 1000)),
    cues,
    waveformOverview: Buffer.from(waveform(energy, waveformOverviewColumns)).toString('base64'),
    energy: trackEnergy(energy, grid, cues),
  };
}

/** The band energies of a master, the one pass over its samples both analyses start from. */
export const energyOf = (pcm: PcmStream) => bandEnergy(pcm.chunks, pcm.channels, pcm.sampleRate, pcm.frames);

/** The detailed waveform for a deck: 150 columns a second, three bytes each. */
export const waveformDetail = (energy: BandEnergy) =>
  waveform(energy, Math.ceil((energy.frames / energy.sampleRate) * waveformDetailColumnsPerSecond));

/**
 * A WAV file's samples as they stream, from its bytes as they stream (`file`, from byte 0; `head`,
 * its first bytes, enough to hold the chunks before the samples): the data chunk found by walking
 * the chunks, and samples cut at any byte carried over to the next slice.
 */
export function wavStream(head: Uint8Array, file: Iterable<Uint8Array>): PcmStream {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const text = (at: number) => String.fromCharCode(...head.subarray(at, at + 4));
  if (head.length < 12 || text(0) !== 'RIFF' || text(8) !== 'WAVE') throw new Error('Not a WAV file');
  let at = 12;
  let channels = 0;
  let sampleRate = 0;
  while (at + 8 <= head.length && text(at) !== 'data') {
    if (text(at) === 'fmt ') {
      if (view.getUint16(at + 8, true) !== 1 || view.getUint16(at + 22, true) !== 16)
        throw new Error('Not 16-bit PCM');
      channels = view.getUint16(at + 10, true);
      sampleRate = view.getUint32(at + 12, true);
    }
    at += 8 + view.getUint32(at + 4, true) + (view.getUint32(at + 4, true) % 2);
  }
  if (at + 8 > head.length || text(at) !== 'data' || channels === 0)
    throw new Error('No audio in the WAV file');
  const frameBytes = 2 * channels;
  const frames = Math.floor(view.getUint32(at + 4, true) / frameBytes);
  const from = at + 8;
  const to = from + frames * frameBytes;
  function* samples() {
    let seen = 0;
    let carry = new Uint8Array(0);
    for (const slice of file) {
      const start = Math.max(0, from - seen);
      const end = Math.min(slice.length, to - seen);
      seen += slice.length;
      if (start >= end) {
        if (seen >= to) return;
        continue;
      }
      const bytes = carry.length
        ? Buffer.concat([carry, slice.subarray(start, end)])
        : slice.subarray(start, end);
      const usable = bytes.length - (bytes.length % frameBytes);
      const chunk = new Int16Array(usable / 2);
      if (littleEndian) new Uint8Array(chunk.buffer).set(bytes.subarray(0, usable));
      else {
        const data = new DataView(bytes.buffer, bytes.byteOffset, usable);
        for (let i = 0; i < chunk.length; i++) chunk[i] = data.getInt16(i * 2, true);
      }
      carry = Uint8Array.from(bytes.subarray(usable));
      yield chunk;
    }
  }
  return { sampleRate, channels, frames, chunks: { [Symbol.iterator]: samples } };
}

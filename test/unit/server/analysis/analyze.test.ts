import { describe, expect, it } from 'vitest';
import { TrackAnalysis } from '../../../../lib/contract/track-analysis.ts';
import { analysisOf, energyOf, waveformDetail, wavStream } from '../../../../server/analysis/analyze.ts';
import { NoBeatError } from '../../../../server/analysis/beat-grid.ts';
import { arrange } from '../../../../server/audio/arrangement.ts';
import { type AudioTrack, untaggedTrackFile } from '../../../../server/audio/audio-file.ts';
import { aubioTempo, median, offsetsFromGrid, onsetsOf, renderDrums } from '../../../helpers/beat-judge.ts';

const track = (id: number, bpm: number, lengthMs: number): AudioTrack => ({
  id,
  lengthMs,
  bpm,
  key: 'C Minor',
  title: 'Test',
  mixName: 'Original Mix',
  artists: ['Artist'],
  remixers: [],
  album: 'Test',
  label: 'Label',
  catalogNumber: 'T1',
  releaseDate: '2026-01-01',
  trackNumber: 1,
  trackTotal: 1,
  genre: 'Techno',
  isrc: 'XX0000000001',
});

/** A WAV file's analysis, its bytes streamed in slices cut at odd places, as a file may be read. */
function analyseWav(bytes: Uint8Array, slice = 4099) {
  const slices = function* () {
    for (let at = 0; at < bytes.length; at += slice) yield bytes.subarray(at, at + slice);
  };
  const energy = energyOf(wavStream(bytes.subarray(0, 4096), { [Symbol.iterator]: slices }));
  return { analysis: analysisOf(energy), energy };
}

describe('the analysis of the store’s own tracks', () => {
  it.each([
    [7, 128, 400_000],
    [8, 174, 300_000],
    [9, 100, 240_000],
  ])('finds track %i’s tempo, first downbeat and phrase changes (%i BPM)', (id, bpm, lengthMs) => {
    const audio = track(id, bpm, lengthMs);
    const { analysis } = analyseWav(untaggedTrackFile(audio, 'wav').bytes(), 65_536);
    const truth = arrange(audio);
    const beatMs = (truth.beatFrames / 44_100) * 1000;
    expect(TrackAnalysis.parse(analysis)).toEqual(analysis);
    expect(Math.abs(analysis.bpm - (60 * 44_100) / truth.beatFrames)).toBeLessThan(0.02);
    expect(Math.abs(analysis.firstDownbeatMs - (truth.leadInFrames / 44_100) * 1000)).toBeLessThan(10);
    expect(analysis.durationMs).toBe(lengthMs);
    const cues = analysis.cues.filter((cue) => cue.hotCue !== undefined);
    expect(cues.map((cue) => cue.name)).toEqual(['Intro', 'Main', 'Breakdown', 'Drop', 'Outro']);
    expect(cues.map((cue) => cue.hotCue)).toEqual([0, 1, 2, 3, 4]);
    for (const [index, cue] of cues.entries()) {
      const section = truth.sections[index];
      expect(Math.abs(cue.positionMs - ((section?.start ?? 0) / 44_100) * 1000)).toBeLessThan(beatMs);
    }
    const memory = analysis.cues.filter((cue) => cue.hotCue === undefined);
    expect(memory).toEqual([
      expect.objectContaining({ kind: 'first-downbeat', positionMs: analysis.firstDownbeatMs }),
    ]);
    expect(JSON.stringify(analysis).length).toBeLessThan(8 * 1024);
  });

  it('puts every kick aubio finds in the served WAV within 10 ms of its grid', {
    timeout: 60_000,
  }, async () => {
    const bytes = untaggedTrackFile(track(11, 126, 120_000), 'wav').bytes();
    const { analysis } = analyseWav(bytes);
    const { onsets } = await onsetsOf(bytes, 'wav');
    const offsets = offsetsFromGrid(onsets, analysis.firstDownbeatMs / 1000, 60 / analysis.bpm);
    expect(offsets.length).toBeGreaterThan(100);
    expect(offsets.every((offset) => Math.abs(offset) < 10)).toBe(true);
  });

  it('draws the waveform: loud low band where the kick plays, none in the lead-in, 150 columns a second in detail', () => {
    const { analysis, energy } = analyseWav(untaggedTrackFile(track(7, 128, 400_000), 'wav').bytes(), 65_536);
    const overview = Buffer.from(analysis.waveformOverview, 'base64');
    expect(overview.length).toBe(400 * 3);
    const lowAt = (seconds: number) => overview[Math.floor((seconds / 400) * 400) * 3] as number;
    // The intro has no kick, the main part has; the breakdown neither kick nor bass.
    expect(lowAt(100)).toBeGreaterThan(lowAt(30) + 40);
    expect(lowAt(200)).toBeLessThan(lowAt(30));
    expect(Math.max(...overview)).toBe(255);
    expect(waveformDetail(energy).length).toBe(Math.ceil(400 * 150) * 3);
  });
});

describe('the analysis of audio the store did not make', () => {
  it('reads a drum track FFmpeg synthesized: tempo, first downbeat, the break, as aubio hears it', {
    timeout: 60_000,
  }, async () => {
    const bytes = await renderDrums({ bpm: 137.5, leadIn: 0.37, seconds: 90, breakFrom: 64, breakTo: 96 });
    const { analysis } = analyseWav(bytes);
    expect(Math.abs(analysis.bpm - 137.5)).toBeLessThan(0.02);
    expect(Math.abs(analysis.firstDownbeatMs - 370)).toBeLessThan(10);
    // aubio's tempo agrees on the octave; its own reading is coarse (2% here), so the
    // grid is judged against its onsets instead.
    expect(Math.abs((await aubioTempo(bytes, 'wav')) / analysis.bpm - 1)).toBeLessThan(0.03);
    const { onsets } = await onsetsOf(bytes, 'wav');
    const offsets = offsetsFromGrid(onsets, analysis.firstDownbeatMs / 1000, 60 / analysis.bpm);
    expect(offsets.length).toBeGreaterThan(100);
    expect(Math.abs(median(offsets))).toBeLessThan(10);
    expect(offsets.every((offset) => Math.abs(offset) < 10)).toBe(true);
    const beatMs = 60_000 / 137.5;
    const changes = analysis.cues.filter((cue) => cue.hotCue !== undefined).map((cue) => cue.positionMs);
    for (const expected of [370 + 64 * beatMs, 370 + 96 * beatMs])
      expect(changes.some((at) => Math.abs(at - expected) < beatMs)).toBe(true);
  });

  it('does not halve a drum and bass tempo', { timeout: 60_000 }, async () => {
    const bytes = await renderDrums({ bpm: 174, leadIn: 0.5, seconds: 40, breakFrom: 1000, breakTo: 1000 });
    expect(Math.abs(analyseWav(bytes).analysis.bpm - 174)).toBeLessThan(0.02);
  });

  it('turns away a file that is not 16-bit PCM WAV', () => {
    expect(() => wavStream(Buffer.from('ID3 not a wav at all'), [])).toThrow('Not a WAV file');
  });
});

describe('audio without a beat to measure', () => {
  it.each([
    ['silence', new Int16Array(44_100 * 2 * 20)],
    ['a second of kicks', untaggedTrackFile(track(3, 124, 1000), 'wav').bytes()],
  ])('is refused with NoBeatError: %s', (_, audio) => {
    const bytes =
      audio instanceof Int16Array
        ? Buffer.concat([
            Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'),
            Buffer.from([16, 0, 0, 0, 1, 0, 2, 0, 0x44, 0xac, 0, 0, 0x10, 0xb1, 2, 0, 4, 0, 16, 0]),
            Buffer.from('data', 'latin1'),
            Buffer.from(Uint32Array.of(audio.byteLength).buffer),
            Buffer.from(audio.buffer),
          ])
        : audio;
    expect(() => analyseWav(bytes)).toThrow(NoBeatError);
  });
});

describe('the energy of a track and its sections', () => {
  const pcmOf = (bytes: Uint8Array, gain = 1) => {
    const copy = new Uint8Array(bytes);
    if (gain !== 1) {
      // The samples after the 44-byte header, scaled: the same track mixed quieter.
      const samples = new Int16Array(copy.buffer, 44, (copy.length - 44) >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = Math.round((samples[i] as number) * gain);
    }
    return analyseWav(copy).analysis;
  };

  it('scores a breakdown below the drop after it, every section 1 to 10', () => {
    const { energy, cues } = pcmOf(untaggedTrackFile(track(7, 128, 400_000), 'wav').bytes());
    expect(energy).toBeDefined();
    const sections = energy?.sections ?? [];
    const starts = cues.filter((cue) => cue.hotCue !== undefined);
    expect(sections).toHaveLength(starts.length);
    const levelOf = (name: string) => sections[starts.findIndex((cue) => cue.name === name)]?.level ?? 0;
    expect(levelOf('Breakdown')).toBeLessThan(levelOf('Drop'));
    expect(levelOf('Intro')).toBeLessThan(levelOf('Drop'));
    for (const section of sections) expect(section.level).toBeGreaterThanOrEqual(1);
  });

  // The demo synthesizes every genre with the same instruments: a quiet deep-house mix is one at a
  // deep-house tempo turned down 12 dB, a peak-time one at a techno tempo, full scale.
  it('scores a quiet 120 BPM mix below a full-scale 136 BPM one', () => {
    const deep = pcmOf(untaggedTrackFile(track(11, 120, 150_000), 'wav').bytes(), 0.25);
    const peak = pcmOf(untaggedTrackFile(track(12, 136, 150_000), 'wav').bytes());
    expect(deep.energy?.level).toBeLessThan(peak.energy?.level ?? 0);
  });
});

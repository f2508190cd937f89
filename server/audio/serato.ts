import type { AnalysisCue, TrackAnalysis } from '../../lib/contract/track-analysis.ts';

/**
 * Serato's three GEOB objects of a track's analysis (docs/analysis.md): `Serato BeatGrid` (a
 * marker on the first downbeat, the terminal one on the last beat with the tempo), `Serato Markers2` (the hot cues with names
 * and colours, and the grid locked) and `Serato Overview` (240 columns of 16 levels). Serato and
 * Mixxx read them from the ID3 tag of MP3 and AIFF files. Layouts: github.com/Holzhaus/serato-tags.
 */

/**
 * Milliseconds Serato counts before the first sample a gapless decoder plays in an MP3: Mixxx
 * subtracts 26 ms from every Serato position of a 44.1 kHz MP3 it decodes with FFmpeg or MAD
 * (SeratoTags::guessTimingOffsetMillis), so the store adds them. A PCM file has no offset.
 */
export const seratoMp3OffsetMs = 26;

export interface SeratoObject {
  description: string;
  data: Uint8Array;
}

/**
 * The grid: a marker on the first downbeat and the terminal marker on the track's last beat, with
 * the tempo. One line either way for Serato, which carries the last marker's tempo on; but Mixxx
 * 2.3 places beats only from the first marker up to the terminal one (SeratoBeatsImporter), so a
 * lone terminal marker on the first downbeat left it a grid of two beats and no tempo.
 */
function beatGrid(analysis: TrackAnalysis, offsetMs: number): Uint8Array {
  const beatMs = 60_000 / analysis.bpm;
  const beats = Math.floor((analysis.durationMs - analysis.firstDownbeatMs) / beatMs);
  const first = (analysis.firstDownbeatMs + offsetMs) / 1000;
  const markers = beats > 0 ? 2 : 1;
  const bytes = new Uint8Array(2 + 4 + 8 * markers + 1);
  const view = new DataView(bytes.buffer);
  bytes.set([0x01, 0x00]);
  view.setUint32(2, markers);
  if (beats > 0) {
    view.setFloat32(6, first);
    view.setUint32(10, beats);
  }
  view.setFloat32(6 + 8 * (markers - 1), first + (beats * beatMs) / 1000);
  view.setFloat32(10 + 8 * (markers - 1), analysis.bpm);
  return bytes;
}

const rgb = (color: string) => Buffer.from(color.slice(1), 'hex');

/** A Markers2 entry: its type, NUL, the body's length, the body. */
function entry(type: string, body: Uint8Array): Uint8Array {
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, body.length);
  return Buffer.concat([Buffer.from(`${type}\0`, 'latin1'), length, body]);
}

function cueEntry(cue: AnalysisCue & { hotCue: number }, offsetMs: number): Uint8Array {
  const position = new Uint8Array(4);
  new DataView(position.buffer).setUint32(0, Math.max(0, Math.round(cue.positionMs + offsetMs)));
  return entry(
    'CUE',
    Buffer.concat([
      Uint8Array.of(0, cue.hotCue),
      position,
      Uint8Array.of(0),
      rgb(cue.color),
      Uint8Array.of(0, 0),
      Buffer.from(`${cue.name}\0`, 'utf8'),
    ]),
  );
}

/** Serato's minimum size of the Markers2 object, padded with NULs. */
const markersMinimum = 470;

function markers2(analysis: TrackAnalysis, offsetMs: number): Uint8Array {
  const cues = analysis.cues.filter(
    (cue): cue is AnalysisCue & { hotCue: number } => cue.hotCue !== undefined,
  );
  const payload = Buffer.concat([
    Uint8Array.of(0x01, 0x01),
    entry('COLOR', Uint8Array.of(0, 0xff, 0xff, 0xff)),
    ...cues.map((cue) => cueEntry(cue, offsetMs)),
    entry('BPMLOCK', Uint8Array.of(1)),
    Uint8Array.of(0),
  ]);
  // Base64 without its "=" padding, a line feed every 72 characters, as Serato writes it.
  const encoded = payload.toString('base64').replace(/=+$/, '');
  const lines = encoded.match(/.{1,72}/g) ?? [];
  const body = Buffer.concat([
    Uint8Array.of(0x01, 0x01),
    Buffer.from(lines.join('\n'), 'latin1'),
    Uint8Array.of(0),
  ]);
  const bytes = new Uint8Array(Math.max(markersMinimum, body.length));
  bytes.set(body);
  return bytes;
}

/** The overview's 400 columns of low, mid and high as Serato's 240 columns of 16 levels (low bins first). */
function overview(analysis: TrackAnalysis): Uint8Array {
  const source = Buffer.from(analysis.waveformOverview, 'base64');
  const columns = source.length / 3;
  const bytes = new Uint8Array(2 + 240 * 16);
  bytes.set([0x01, 0x05]);
  for (let column = 0; column < 240; column++) {
    const from = Math.floor((column * columns) / 240) * 3;
    for (let bin = 0; bin < 16; bin++) {
      const band = bin < 6 ? 0 : bin < 11 ? 1 : 2;
      bytes[2 + column * 16 + bin] = Math.max(1, source[from + band] ?? 0);
    }
  }
  return bytes;
}

/** The Serato objects of a file: positions in an MP3 shifted by Serato's offset, in a PCM file as they are. */
export function seratoObjects(analysis: TrackAnalysis, format: 'mp3' | 'aiff'): SeratoObject[] {
  const offsetMs = format === 'mp3' ? seratoMp3OffsetMs : 0;
  return [
    { description: 'Serato Overview', data: overview(analysis) },
    { description: 'Serato BeatGrid', data: beatGrid(analysis, offsetMs) },
    { description: 'Serato Markers2', data: markers2(analysis, offsetMs) },
  ];
}

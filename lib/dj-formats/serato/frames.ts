import type { AnalysisCue, TrackAnalysis } from '../../contract/track-analysis.ts';
import {
  base64Of,
  bytesOfBase64,
  concatBytes,
  hexBytes,
  latin1Bytes,
  latin1Text,
  utf8Bytes,
} from '../bytes.ts';

/**
 * Serato's three GEOB objects of a track's analysis (docs/analysis.md): `Serato BeatGrid` (a
 * marker on the first downbeat, the terminal one on the last beat with the tempo), `Serato Markers2` (the hot cues with names
 * and colours, and the grid locked) and `Serato Overview` (240 columns of 16 levels). Serato and
 * Mixxx read them from the ID3 tag of MP3 and AIFF files (GEOB, lib/dj-formats/id3/), and from
 * Vorbis comments in a FLAC file (seratoVorbisComment). Layouts:
 * github.com/Holzhaus/serato-tags. Each object has its encoder and its decoder here; the store's
 * analysis becomes the objects through seratoObjects.
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

/** A beat grid marker: its position in seconds, and the beats to the next marker. */
export interface BeatGridMarker {
  positionS: number;
  beats: number;
}

/** Serato's grid: markers, then the terminal marker with the tempo from there on. Positions and tempo are 32-bit floats. */
export interface BeatGrid {
  markers: BeatGridMarker[];
  terminal: { positionS: number; bpm: number };
  /** The byte after the markers (0 as the store writes it; Serato varies it). */
  footer: number;
}

export function encodeBeatGrid({ markers, terminal, footer }: BeatGrid): Uint8Array {
  const bytes = new Uint8Array(2 + 4 + 8 * (markers.length + 1) + 1);
  const view = new DataView(bytes.buffer);
  bytes.set([0x01, 0x00]);
  view.setUint32(2, markers.length + 1);
  markers.forEach((marker, index) => {
    view.setFloat32(6 + 8 * index, marker.positionS);
    view.setUint32(10 + 8 * index, marker.beats);
  });
  view.setFloat32(6 + 8 * markers.length, terminal.positionS);
  view.setFloat32(10 + 8 * markers.length, terminal.bpm);
  bytes[bytes.length - 1] = footer;
  return bytes;
}

export function decodeBeatGrid(bytes: Uint8Array): BeatGrid {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] !== 1 || bytes[1] !== 0) throw new Error('Not a Serato BeatGrid (version 1.0).');
  const count = view.getUint32(2);
  if (count === 0 || bytes.length < 6 + 8 * count + 1) throw new Error('A cut Serato BeatGrid.');
  const markers = Array.from({ length: count - 1 }, (_, index) => ({
    positionS: view.getFloat32(6 + 8 * index),
    beats: view.getUint32(10 + 8 * index),
  }));
  const last = 6 + 8 * (count - 1);
  return {
    markers,
    terminal: { positionS: view.getFloat32(last), bpm: view.getFloat32(last + 4) },
    footer: bytes[last + 8] as number,
  };
}

/**
 * The grid: a marker on the first downbeat and the terminal marker on the track's last beat, with
 * the tempo. One line either way for Serato, which carries the last marker's tempo on; but Mixxx
 * 2.3 places beats only from the first marker up to the terminal one (SeratoBeatsImporter), so a
 * lone terminal marker on the first downbeat left it a grid of two beats and no tempo.
 */
function beatGrid(analysis: TrackAnalysis, offsetMs: number): BeatGrid {
  const beatMs = 60_000 / analysis.bpm;
  const beats = Math.floor((analysis.durationMs - analysis.firstDownbeatMs) / beatMs);
  const first = (analysis.firstDownbeatMs + offsetMs) / 1000;
  return {
    markers: beats > 0 ? [{ positionS: first, beats }] : [],
    terminal: { positionS: first + (beats * beatMs) / 1000, bpm: analysis.bpm },
    footer: 0,
  };
}

/** A Markers2 entry as it stands: its type ("CUE", "COLOR", "BPMLOCK", "LOOP", ...) and its body. */
export interface Markers2Entry {
  type: string;
  body: Uint8Array;
}

/** A hot cue: its pad from 0, position in ms, colour "#rrggbb" and name. */
export interface SeratoCue {
  index: number;
  positionMs: number;
  color: string;
  name: string;
}

/** A Markers2 entry: its type, NUL, the body's length, the body. */
function entryBytes({ type, body }: Markers2Entry): Uint8Array {
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, body.length);
  return concatBytes([latin1Bytes(`${type}\0`), length, body]);
}

const colorOf = (bytes: Uint8Array) =>
  `#${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;

export function cueEntry(cue: SeratoCue): Markers2Entry {
  const position = new Uint8Array(4);
  new DataView(position.buffer).setUint32(0, cue.positionMs);
  return {
    type: 'CUE',
    body: concatBytes([
      Uint8Array.of(0, cue.index),
      position,
      Uint8Array.of(0),
      hexBytes(cue.color),
      Uint8Array.of(0, 0),
      utf8Bytes(`${cue.name}\0`),
    ]),
  };
}

/** A CUE entry's cue; null for another entry. */
export function cueOf({ type, body }: Markers2Entry): SeratoCue | null {
  if (type !== 'CUE' || body.length < 13) return null;
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const end = body.indexOf(0, 12);
  return {
    index: body[1] as number,
    positionMs: view.getUint32(2),
    color: colorOf(body.subarray(7, 10)),
    name: new TextDecoder().decode(body.subarray(12, end < 0 ? body.length : end)),
  };
}

/** The track's colour entry ("#ffffff" as the store writes it). */
export const colorEntry = (color: string): Markers2Entry => ({
  type: 'COLOR',
  body: concatBytes([Uint8Array.of(0), hexBytes(color)]),
});

export const bpmLockEntry = (locked: boolean): Markers2Entry => ({
  type: 'BPMLOCK',
  body: Uint8Array.of(locked ? 1 : 0),
});

/** Serato's minimum size of the Markers2 object, padded with NULs. */
const markersMinimum = 470;

/** The Markers2 object of its entries: base64 of them, in lines of 72, padded to Serato's minimum. */
export function encodeMarkers2(entries: readonly Markers2Entry[]): Uint8Array {
  const payload = concatBytes([Uint8Array.of(0x01, 0x01), ...entries.map(entryBytes), Uint8Array.of(0)]);
  // Base64 without its "=" padding, a line feed every 72 characters, as Serato writes it.
  const encoded = base64Of(payload).replace(/=+$/, '');
  const lines = encoded.match(/.{1,72}/g) ?? [];
  const body = concatBytes([Uint8Array.of(0x01, 0x01), latin1Bytes(lines.join('\n')), Uint8Array.of(0)]);
  const bytes = new Uint8Array(Math.max(markersMinimum, body.length));
  bytes.set(body);
  return bytes;
}

/** A Markers2 object's entries, in order. */
export function decodeMarkers2(bytes: Uint8Array): Markers2Entry[] {
  if (bytes[0] !== 1 || bytes[1] !== 1) throw new Error('Not a Serato Markers2 (version 1.1).');
  const end = bytes.indexOf(0, 2);
  const payload = bytesOfBase64(latin1Text(bytes.subarray(2, end < 0 ? bytes.length : end)));
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const entries: Markers2Entry[] = [];
  let at = 2;
  while (at < payload.length && payload[at] !== 0) {
    const nul = payload.indexOf(0, at);
    if (nul < 0 || nul + 5 > payload.length) throw new Error('A cut Serato Markers2 entry.');
    const length = view.getUint32(nul + 1);
    entries.push({
      type: latin1Text(payload.subarray(at, nul)),
      body: payload.subarray(nul + 5, nul + 5 + length),
    });
    at = nul + 5 + length;
  }
  return entries;
}

/** The hot cues of the analysis as Markers2: white track colour, each hot cue, the grid locked. */
function markers2(analysis: TrackAnalysis, offsetMs: number): Markers2Entry[] {
  const cues = analysis.cues.filter(
    (cue): cue is AnalysisCue & { hotCue: number } => cue.hotCue !== undefined,
  );
  return [
    colorEntry('#ffffff'),
    ...cues.map((cue) =>
      cueEntry({
        index: cue.hotCue,
        positionMs: Math.max(0, Math.round(cue.positionMs + offsetMs)),
        color: cue.color,
        name: cue.name,
      }),
    ),
    bpmLockEntry(true),
  ];
}

/** The overview's columns: 240 of 16 levels, as Serato draws it (low bins first). */
export const overviewColumns = 240;
const overviewLevels = 16;

export function encodeOverview(columns: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(2 + columns.length * overviewLevels);
  bytes.set([0x01, 0x05]);
  columns.forEach((column, index) => {
    bytes.set(column.subarray(0, overviewLevels), 2 + index * overviewLevels);
  });
  return bytes;
}

export function decodeOverview(bytes: Uint8Array): Uint8Array[] {
  if (bytes[0] !== 1 || bytes[1] !== 5) throw new Error('Not a Serato Overview (version 1.5).');
  const count = Math.floor((bytes.length - 2) / overviewLevels);
  return Array.from({ length: count }, (_, index) =>
    bytes.slice(2 + index * overviewLevels, 2 + (index + 1) * overviewLevels),
  );
}

/** The analysis's 400 columns of low, mid and high as Serato's 240 columns of 16 levels. */
function overview(analysis: TrackAnalysis): Uint8Array[] {
  const source = bytesOfBase64(analysis.waveformOverview);
  const sourceColumns = source.length / 3;
  return Array.from({ length: overviewColumns }, (_, column) => {
    const from = Math.floor((column * sourceColumns) / overviewColumns) * 3;
    return Uint8Array.from({ length: overviewLevels }, (_, bin) => {
      const band = bin < 6 ? 0 : bin < 11 ? 1 : 2;
      return Math.max(1, source[from + band] ?? 0);
    });
  });
}

/** The Serato objects of a file: positions in an MP3 shifted by Serato's offset, in a PCM or FLAC file as they are. */
export function seratoObjects(analysis: TrackAnalysis, format: 'mp3' | 'aiff' | 'flac'): SeratoObject[] {
  const offsetMs = format === 'mp3' ? seratoMp3OffsetMs : 0;
  return [
    { description: 'Serato Overview', data: encodeOverview(overview(analysis)) },
    { description: 'Serato BeatGrid', data: encodeBeatGrid(beatGrid(analysis, offsetMs)) },
    { description: 'Serato Markers2', data: encodeMarkers2(markers2(analysis, offsetMs)) },
  ];
}

/** The Vorbis comment each object is kept in in a FLAC file (Serato's own names). */
const vorbisNames: Record<string, string> = {
  'Serato Analysis': 'SERATO_ANALYSIS',
  'Serato BeatGrid': 'SERATO_BEATGRID',
  'Serato Markers2': 'SERATO_MARKERS_V2',
  'Serato Overview': 'SERATO_OVERVIEW',
};

/**
 * An object as the Vorbis comment Serato keeps it in in a FLAC file: the MIME type, a NUL, the
 * object's name and the object, base64 without padding, a line feed every 72 characters (as
 * github.com/Holzhaus/serato-tags describes it). Null for an object FLAC has no comment for.
 */
export function seratoVorbisComment({
  description,
  data,
}: SeratoObject): { name: string; value: string } | null {
  const name = vorbisNames[description];
  if (!name) return null;
  const body = concatBytes([latin1Bytes(`application/octet-stream\0\0${description}\0`), data]);
  const lines =
    base64Of(body)
      .replace(/=+$/, '')
      .match(/.{1,72}/g) ?? [];
  return { name, value: `${lines.join('\n')}${name === beatGridComment ? beatGridExtraCharacter : ''}` };
}

/**
 * Serato ends a FLAC file's BeatGrid comment with one character past its base64 (its own files:
 * test/fixtures/serato-frames/flac-hotcues-and-loops), and Mixxx takes the last character off before
 * it decodes one (src/track/serato/beatgrid.cpp, parseBase64Encoded; 'A' when it writes one): without
 * it, Mixxx loses the grid's last byte and keeps no grid.
 */
const beatGridComment = 'SERATO_BEATGRID';
const beatGridExtraCharacter = 'A';

/** The object a FLAC file's Serato comment holds; null for another comment. */
export function seratoObjectOfVorbisComment(name: string, value: string): SeratoObject | null {
  if (!Object.values(vorbisNames).includes(name.toUpperCase())) return null;
  const body = bytesOfBase64(name.toUpperCase() === beatGridComment ? value.trimEnd().slice(0, -1) : value);
  const mimeEnd = body.indexOf(0);
  const nameEnd = body.indexOf(0, mimeEnd + 2);
  if (mimeEnd < 0 || nameEnd < 0) throw new Error(`A cut ${name} comment.`);
  return { description: latin1Text(body.subarray(mimeEnd + 2, nameEnd)), data: body.subarray(nameEnd + 1) };
}

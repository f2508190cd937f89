/**
 * Engine DJ's performance data blobs (PerformanceData table, schema 3.0.x), laid out as libdjinterop
 * reads and writes them (src/djinterop/engine/v2/*_blob.cpp, used by its v3 library too). Every blob
 * but loops is zlib (RFC 1950) behind a 4-byte big-endian length of the uncompressed bytes
 * (encode_decode_utils.cpp, zlib_compress); loops are stored plain. Byte order differs by field, as
 * Engine wrote it: beat grid markers and loops little-endian, everything else big-endian.
 */

import { concatBytes } from '../bytes.ts';

export class EngineBlobError extends Error {
  constructor(message: string) {
    super(`Engine DJ blob: ${message}`);
    this.name = 'EngineBlobError';
  }
}

async function piped(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const source = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(source).arrayBuffer());
}

/** zlib behind the uncompressed length, big-endian (libdjinterop zlib_compress). */
export async function engineCompress(raw: Uint8Array): Promise<Uint8Array> {
  const head = new Uint8Array(4);
  new DataView(head.buffer).setUint32(0, raw.length);
  return concatBytes([head, await piped(raw, new CompressionStream('deflate'))]);
}

export async function engineUncompress(blob: Uint8Array): Promise<Uint8Array> {
  if (blob.length === 0) return blob;
  if (blob.length < 4) throw new EngineBlobError('compressed data shorter than 4 bytes');
  const size = new DataView(blob.buffer, blob.byteOffset, blob.byteLength).getUint32(0);
  if (size === 0) return new Uint8Array(0);
  const raw = await piped(blob.subarray(4), new DecompressionStream('deflate'));
  if (raw.length !== size) throw new EngineBlobError(`declared ${size} bytes, inflated ${raw.length}`);
  return raw;
}

/** A growing buffer of fixed-width fields. */
class Fields {
  private readonly parts: Uint8Array[] = [];

  private field(size: number, set: (view: DataView) => void): this {
    const part = new Uint8Array(size);
    set(new DataView(part.buffer));
    this.parts.push(part);
    return this;
  }

  u8 = (value: number) => this.field(1, (view) => view.setUint8(0, value));
  i32be = (value: number) => this.field(4, (view) => view.setInt32(0, value));
  i32le = (value: number) => this.field(4, (view) => view.setInt32(0, value, true));
  i64be = (value: number) => this.field(8, (view) => view.setBigInt64(0, BigInt(value)));
  i64le = (value: number) => this.field(8, (view) => view.setBigInt64(0, BigInt(value), true));
  f64be = (value: number) => this.field(8, (view) => view.setFloat64(0, value));
  f64le = (value: number) => this.field(8, (view) => view.setFloat64(0, value, true));
  bytes = (value: Uint8Array) => {
    this.parts.push(value);
    return this;
  };

  done = () => concatBytes(this.parts);
}

/** Reads fixed-width fields in order, failing on a short blob rather than reading past it. */
class Cursor {
  private at = 0;
  private readonly view: DataView;
  private readonly raw: Uint8Array;
  private readonly what: string;

  constructor(raw: Uint8Array, what: string) {
    this.raw = raw;
    this.what = what;
    this.view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  }

  private take(size: number): number {
    if (this.at + size > this.raw.length) throw new EngineBlobError(`${this.what} is missing data`);
    const at = this.at;
    this.at += size;
    return at;
  }

  u8 = () => this.view.getUint8(this.take(1));
  i32be = () => this.view.getInt32(this.take(4));
  i32le = () => this.view.getInt32(this.take(4), true);
  i64be = () => Number(this.view.getBigInt64(this.take(8)));
  i64le = () => Number(this.view.getBigInt64(this.take(8), true));
  f64be = () => this.view.getFloat64(this.take(8));
  f64le = () => this.view.getFloat64(this.take(8), true);
  bytes = (size: number) => this.raw.slice(this.take(size), this.at);
  rest = () => this.raw.slice(this.take(this.raw.length - this.at));
}

/** Labels are a length byte then the bytes (UTF-8 as Engine shows them), so at most 255 bytes. */
const labelBytes = (label: string) => new TextEncoder().encode(label).subarray(0, 255);

export interface EngineTrackData {
  sampleRate: number;
  samples: number;
  /** Engine's key number (engineKeyOf), 0 when unknown. */
  key: number;
  averageLoudness: { low: number; mid: number; high: number };
}

export const encodeTrackData = (data: EngineTrackData) =>
  engineCompress(
    new Fields()
      .f64be(data.sampleRate)
      .i64be(data.samples)
      .i32be(data.key)
      .f64be(data.averageLoudness.low)
      .f64be(data.averageLoudness.mid)
      .f64be(data.averageLoudness.high)
      .done(),
  );

export async function decodeTrackData(blob: Uint8Array): Promise<EngineTrackData> {
  const raw = await engineUncompress(blob);
  if (raw.length !== 44) throw new EngineBlobError(`track data is ${raw.length} bytes, not 44`);
  const read = new Cursor(raw, 'track data');
  return {
    sampleRate: read.f64be(),
    samples: read.i64be(),
    key: read.i32be(),
    averageLoudness: { low: read.f64be(), mid: read.f64be(), high: read.f64be() },
  };
}

export interface EngineGridMarker {
  sampleOffset: number;
  beatNumber: number;
  /** Beats from this marker to the next. */
  beatsToNext: number;
}

export interface EngineBeatData {
  sampleRate: number;
  samples: number;
  /** The grid Engine analysed and the one the DJ adjusted; Crate writes its one grid as both. */
  defaultGrid: readonly EngineGridMarker[];
  adjustedGrid: readonly EngineGridMarker[];
}

function encodeGrid(fields: Fields, grid: readonly EngineGridMarker[]): void {
  fields.i64be(grid.length);
  for (const marker of grid) {
    fields.f64le(marker.sampleOffset).i64le(marker.beatNumber).i32le(marker.beatsToNext).i32le(0);
  }
}

function decodeGrid(read: Cursor): EngineGridMarker[] {
  const count = read.i64be();
  return Array.from({ length: count }, () => {
    const marker = { sampleOffset: read.f64le(), beatNumber: read.i64le(), beatsToNext: read.i32le() };
    read.i32le();
    return marker;
  });
}

export function encodeBeatData(data: EngineBeatData): Promise<Uint8Array> {
  const fields = new Fields().f64be(data.sampleRate).f64be(data.samples).u8(1);
  encodeGrid(fields, data.defaultGrid);
  encodeGrid(fields, data.adjustedGrid);
  return engineCompress(fields.done());
}

export async function decodeBeatData(blob: Uint8Array): Promise<EngineBeatData & { extra: Uint8Array }> {
  const raw = await engineUncompress(blob);
  if (raw.length < 33) throw new EngineBlobError('beat data shorter than 33 bytes');
  const read = new Cursor(raw, 'beat data');
  const sampleRate = read.f64be();
  const samples = read.f64be();
  read.u8();
  return {
    sampleRate,
    samples,
    defaultGrid: decodeGrid(read),
    adjustedGrid: decodeGrid(read),
    extra: read.rest(),
  };
}

export interface EngineColor {
  r: number;
  g: number;
  b: number;
}

export interface EngineQuickCue {
  label: string;
  /** -1 for an empty pad, as Engine marks one. */
  sampleOffset: number;
  color: EngineColor;
}

export interface EngineQuickCues {
  /** Always eight pads. */
  cues: readonly EngineQuickCue[];
  mainCue: number;
}

export const emptyPad: EngineQuickCue = { label: '', sampleOffset: -1, color: { r: 0, g: 0, b: 0 } };

export function encodeQuickCues(data: EngineQuickCues): Promise<Uint8Array> {
  const fields = new Fields().i64be(data.cues.length);
  for (const cue of data.cues) {
    const label = labelBytes(cue.label);
    // Alpha is 255 on a set pad and 0 on an empty one, as Engine writes them.
    fields
      .u8(label.length)
      .bytes(label)
      .f64be(cue.sampleOffset)
      .u8(cue.sampleOffset < 0 ? 0 : 255)
      .u8(cue.color.r)
      .u8(cue.color.g)
      .u8(cue.color.b);
  }
  // The adjusted main cue, "adjusted" set, and the default main cue: both the same, the first downbeat.
  return engineCompress(fields.f64be(data.mainCue).u8(1).f64be(data.mainCue).done());
}

export async function decodeQuickCues(blob: Uint8Array): Promise<EngineQuickCues> {
  const raw = await engineUncompress(blob);
  if (raw.length < 25) throw new EngineBlobError('quick cues shorter than 25 bytes');
  const read = new Cursor(raw, 'quick cues');
  const cues = Array.from({ length: read.i64be() }, () => {
    const label = new TextDecoder().decode(read.bytes(read.u8()));
    const sampleOffset = read.f64be();
    read.u8();
    return { label, sampleOffset, color: { r: read.u8(), g: read.u8(), b: read.u8() } };
  });
  const mainCue = read.f64be();
  read.u8();
  read.f64be();
  return { cues, mainCue };
}

export interface EngineLoop {
  label: string;
  startSample: number;
  endSample: number;
  color: EngineColor;
}

/** Eight loop pads, each a loop or empty; stored uncompressed, little-endian. */
export function encodeLoops(loops: readonly (EngineLoop | undefined)[]): Uint8Array {
  const fields = new Fields().i64le(loops.length);
  for (const loop of loops) {
    const label = labelBytes(loop?.label ?? '');
    const set = loop === undefined ? 0 : 1;
    const color = loop?.color ?? { r: 0, g: 0, b: 0 };
    fields
      .u8(label.length)
      .bytes(label)
      .f64le(loop?.startSample ?? -1)
      .f64le(loop?.endSample ?? -1)
      .u8(set)
      .u8(set)
      .u8(set * 255)
      .u8(color.r)
      .u8(color.g)
      .u8(color.b);
  }
  return fields.done();
}

export function decodeLoops(blob: Uint8Array): (EngineLoop | undefined)[] {
  if (blob.length === 0) return [];
  const read = new Cursor(blob, 'loops');
  return Array.from({ length: read.i64le() }, () => {
    const label = new TextDecoder().decode(read.bytes(read.u8()));
    const startSample = read.f64le();
    const endSample = read.f64le();
    const startSet = read.u8();
    const endSet = read.u8();
    read.u8();
    const color = { r: read.u8(), g: read.u8(), b: read.u8() };
    return startSet && endSet ? { label, startSample, endSample, color } : undefined;
  });
}

export interface EngineOverview {
  samplesPerPoint: number;
  /** Three bytes a point: low, mid, high. */
  points: Uint8Array;
}

export function encodeOverview(overview: EngineOverview): Promise<Uint8Array> {
  const count = overview.points.length / 3;
  const max = [0, 1, 2].map((band) =>
    overview.points.reduce((most, value, at) => (at % 3 === band ? Math.max(most, value) : most), 0),
  );
  return engineCompress(
    new Fields()
      .i64be(count)
      .i64be(count)
      .f64be(overview.samplesPerPoint)
      .bytes(overview.points)
      .u8(max[0] ?? 0)
      .u8(max[1] ?? 0)
      .u8(max[2] ?? 0)
      .done(),
  );
}

export async function decodeOverview(blob: Uint8Array): Promise<EngineOverview> {
  const raw = await engineUncompress(blob);
  if (raw.length < 27) throw new EngineBlobError('overview shorter than 27 bytes');
  const read = new Cursor(raw, 'overview');
  const count = read.i64be();
  if (read.i64be() !== count) throw new EngineBlobError('overview has conflicting lengths');
  const samplesPerPoint = read.f64be();
  if (raw.length - 24 !== 3 * (count + 1)) throw new EngineBlobError('overview has the wrong length');
  return { samplesPerPoint, points: read.bytes(3 * count) };
}

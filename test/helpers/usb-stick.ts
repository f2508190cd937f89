/**
 * Makers for the USB stick writer's tests: analyses, tracks and export requests as the store would
 * hand them over, the independent reader (crate-digger's Kaitai definitions, compiled, from the
 * rekordbox-parser package), and an in-memory directory handle that can fill up, refuse writes or
 * vanish mid-export, committing a file only on close() as browsers do.
 */
import { parseAnlz, parsePdb, tableRows } from 'rekordbox-parser';
import type { AnalysisCue, TrackAnalysis } from '../../lib/contract/track-analysis.ts';
import type {
  StickDirectoryHandle,
  StickFileHandle,
  StickWritable,
} from '../../lib/dj-formats/rekordbox-device/stick-directory.ts';
import type { StickExportTrack } from '../../lib/dj-formats/rekordbox-device/stick-export.ts';
import type { StickTrack } from '../../lib/dj-formats/rekordbox-device/stick-library.ts';

export function makeAnalysis(overrides: Partial<TrackAnalysis> = {}): TrackAnalysis {
  const overview = new Uint8Array(400 * 3).map((_, i) => (i * 37) % 256);
  const cues: AnalysisCue[] = [
    { kind: 'first-downbeat', name: 'Start', positionMs: 120, hotCue: 0, color: '#28e214' },
    { kind: 'drop', name: 'Drop', positionMs: 60_120, hotCue: 1, color: '#e62828' },
    { kind: 'outro', name: 'Outro', positionMs: 180_120, color: '#3050ff' },
  ];
  return {
    version: 1,
    bpm: 128,
    firstDownbeatMs: 120,
    beatsPerBar: 4,
    beatCount: 512,
    durationMs: 240_000,
    cues,
    waveformOverview: Buffer.from(overview).toString('base64'),
    ...overrides,
  };
}

/** A detail waveform of `seconds` at 150 columns a second. */
export function makeWaveformDetail(seconds: number): Uint8Array {
  return new Uint8Array(seconds * 150 * 3).map((_, i) => (i * 13) % 256);
}

export function makeStickTrack(id: number, overrides: Partial<StickTrack> = {}): StickTrack {
  return {
    id,
    title: `Track ${id}`,
    artist: `Artist ${id % 7}`,
    album: `Album ${id % 5}`,
    label: 'Label',
    genre: 'Techno',
    key: 'Am',
    comment: '',
    year: 2024,
    trackNumber: id,
    tempoCentiBpm: 12800,
    durationSeconds: 240,
    bitrateKbps: 320,
    sampleRate: 44100,
    sampleDepth: 16,
    fileSize: 9_600_000,
    fileType: 'mp3',
    filePath: `/Contents/Artist/Album/Track ${id}.mp3`,
    analyzePath: `/PIONEER/USBANLZ/P001/${id.toString(16).padStart(8, '0')}/ANLZ0000.DAT`,
    artworkPath: '',
    dateAdded: '2026-11-27',
    colorId: 0,
    autoloadHotCues: true,
    ...overrides,
  };
}

/** A short MPEG-1 Layer III stream: `frames` frames of 128 kbps at 44.1 kHz (417 bytes each). */
export function makeMp3(frames: number): Uint8Array {
  const frame = new Uint8Array(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const bytes = new Uint8Array(frames * frame.length);
  for (let i = 0; i < frames; i++) bytes.set(frame, i * frame.length);
  return bytes;
}

export function makeExportTrack(n: number, overrides: Partial<StickExportTrack> = {}): StickExportTrack {
  const audio = makeMp3(40);
  return {
    title: `Track ${n}`,
    artist: `Artist ${n % 3}`,
    album: 'Album',
    label: 'Label',
    genre: 'Techno',
    key: 'Am',
    year: 2025,
    trackNumber: n,
    fileType: 'mp3',
    fileName: `Artist ${n % 3} - Track ${n}`,
    bitrateKbps: 128,
    sampleRate: 44100,
    sampleDepth: 16,
    analysis: makeAnalysis(),
    waveformDetail: makeWaveformDetail(2),
    audio: async function* () {
      yield audio.subarray(0, 1000);
      yield audio.subarray(1000);
    },
    ...overrides,
  };
}

/** crate-digger's reader over our bytes: every row of every table it knows, per table type. */
export function readWithKaitai(bytes: Uint8Array): Map<number, unknown[]> {
  const db = parsePdb(Buffer.from(bytes));
  const tables = new Map<number, unknown[]>();
  for (const table of db.tables) {
    const rows: unknown[] = [];
    // Table types the definitions have row types for; the others are read page by page.
    if ([0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13].includes(table.type))
      for (const row of tableRows(table)) rows.push(row);
    else
      for (let page = table.firstPage; page.index <= table.lastPage.index; page = page.body.nextPage)
        void page.body;
    tables.set(table.type, rows);
  }
  return tables;
}

export function readAnlzWithKaitai(bytes: Uint8Array) {
  return parseAnlz(Buffer.from(bytes));
}

export interface Faults {
  /** Bytes the stick takes before it is full. */
  capacity?: number;
  readOnly?: boolean;
  /** The stick disappears when this file (its name) is first opened for writing. */
  removedAt?: string;
}

/** A directory tree in memory, with a stick's failures on demand. */
export class MemoryDirectory implements StickDirectoryHandle {
  readonly folders = new Map<string, MemoryDirectory>();
  readonly files = new Map<string, Uint8Array>();

  constructor(
    readonly faults: Faults = {},
    private readonly usage = { bytes: 0, removed: false },
  ) {}

  /** From now on the stick fails as `faults` say (the whole tree shares them). */
  fail(faults: Faults): void {
    Object.assign(this.faults, faults);
  }

  /** The stick back, writable and with room, as after replugging it. */
  heal(): void {
    for (const key of Object.keys(this.faults)) delete this.faults[key as keyof Faults];
    this.usage.removed = false;
    this.usage.bytes = 0;
  }

  private check(): void {
    if (this.usage.removed) throw new DOMException('The stick is gone', 'NotFoundError');
  }

  async getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<MemoryDirectory> {
    this.check();
    let folder = this.folders.get(name);
    if (folder === undefined) {
      if (!options?.create) throw new DOMException(name, 'NotFoundError');
      if (this.faults.readOnly) throw new DOMException(name, 'NoModificationAllowedError');
      folder = new MemoryDirectory(this.faults, this.usage);
      this.folders.set(name, folder);
    }
    return folder;
  }

  async getFileHandle(name: string, options?: { create?: boolean }): Promise<StickFileHandle> {
    this.check();
    if (!this.files.has(name) && !options?.create) throw new DOMException(name, 'NotFoundError');
    const directory = this;
    return {
      async getFile() {
        directory.check();
        const bytes = directory.files.get(name) ?? new Uint8Array(0);
        return new Blob([bytes.slice()]);
      },
      async createWritable(): Promise<StickWritable> {
        directory.check();
        if (directory.faults.readOnly) throw new DOMException(name, 'NoModificationAllowedError');
        if (directory.faults.removedAt === name) {
          directory.usage.removed = true;
          throw new DOMException(name, 'NotFoundError');
        }
        const chunks: Uint8Array[] = [];
        return {
          async write(data) {
            directory.check();
            directory.usage.bytes += data.length;
            if (directory.usage.bytes > (directory.faults.capacity ?? Number.POSITIVE_INFINITY)) {
              throw new DOMException('No space left', 'QuotaExceededError');
            }
            chunks.push(data.slice());
          },
          async close() {
            directory.check();
            directory.files.set(name, new Uint8Array(Buffer.concat(chunks)));
          },
          async abort() {},
        };
      },
    };
  }

  async removeEntry(name: string): Promise<void> {
    this.check();
    this.files.delete(name);
    this.folders.delete(name);
  }

  /** The file at "a/b/c", or undefined. */
  file(path: string): Uint8Array | undefined {
    const parts = path.split('/');
    let folder: MemoryDirectory | undefined = this;
    for (const part of parts.slice(0, -1)) folder = folder?.folders.get(part);
    return folder?.files.get(parts.at(-1) ?? '');
  }

  /** Every file's path. */
  paths(prefix = ''): string[] {
    return [
      ...[...this.files.keys()].map((name) => prefix + name),
      ...[...this.folders].flatMap(([name, folder]) => folder.paths(`${prefix}${name}/`)),
    ];
  }
}

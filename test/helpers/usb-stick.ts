/**
 * Makers for the USB stick writer's tests: analyses, tracks and export requests as the store would
 * hand them over, the independent reader (crate-digger's Kaitai definitions, compiled, from the
 * rekordbox-parser package), and an in-memory directory handle that can fill up, refuse writes or
 * vanish mid-export, committing a file only on close() as browsers do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** Table types crate-digger's definitions have row types for. */
const kaitaiRowTables = new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13]);

/** A Kaitai value as plain data: numbers and texts, byte arrays as arrays, strings as their text. */
function plain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array || Array.isArray(value)) return Array.from(value, plain);
  const object = value as Record<string, unknown>;
  if ('text' in object) return object.text;
  if ('body' in object) return plain(object.body);
  return Object.prototype.toString.call(value);
}

/** Every field of a Kaitai row: its sequence (unnamed ones too) and its instances (the strings). */
function rowFields(row: object): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const record = row as Record<string, unknown>;
  for (const key of Object.keys(row))
    if (!/^_(io|parent|root|m_|raw)/.test(key)) fields[key] = plain(record[key]);
  for (const key of Object.getOwnPropertyNames(Object.getPrototypeOf(row)))
    if (key !== 'constructor' && key !== '_read') fields[key] = plain(record[key]);
  return fields;
}

/** What tells a table's rows apart: the id, or the playlist and place of an entry. */
function rowKey(type: number, fields: Record<string, unknown>, position: number): string {
  if (type === 8 || type === 12) return `${type}:${fields.playlistId}:${fields.entryIndex}`;
  return 'id' in fields ? `${type}:${fields.id}` : `${type}:#${position}`;
}

/**
 * Every row of every table crate-digger reads, each with all its fields, keyed by table and id;
 * and the raw bytes of the pages of the tables it has no row types for.
 */
export function kaitaiRowsByKey(bytes: Uint8Array): {
  rows: Map<string, Record<string, unknown>>;
  otherPages: Map<number, Uint8Array[]>;
} {
  const db = parsePdb(Buffer.from(bytes));
  const rows = new Map<string, Record<string, unknown>>();
  const otherPages = new Map<number, Uint8Array[]>();
  for (const table of db.tables) {
    if (kaitaiRowTables.has(table.type)) {
      let position = 0;
      for (const row of tableRows(table)) {
        const fields = rowFields(row as object);
        rows.set(rowKey(table.type, fields, position++), fields);
      }
      continue;
    }
    const pages: Uint8Array[] = [];
    const size = db.lenPage;
    for (let page = table.firstPage.index, n = 0; n < 1000; n++) {
      const raw = bytes.subarray(page * size, (page + 1) * size);
      // The link to the next page is the one thing an append may change in a page.
      pages.push(Uint8Array.from([...raw.subarray(0, 12), ...raw.subarray(16)]));
      if (page === table.lastPage.index) break;
      page = new DataView(raw.buffer, raw.byteOffset).getUint32(12, true);
    }
    otherPages.set(table.type, pages);
  }
  return { rows, otherPages };
}

/** The stick rekordbox exported (test/fixtures/rekordbox-demo-stick/), in memory. */
export async function rekordboxDemoStick(): Promise<MemoryDirectory> {
  const root = new MemoryDirectory();
  const load = async (folder: MemoryDirectory, path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const at = join(path, entry.name);
      if (entry.isDirectory()) await load(await folder.getDirectoryHandle(entry.name, { create: true }), at);
      else folder.files.set(entry.name, new Uint8Array(readFileSync(at)));
    }
  };
  await load(root, rekordboxDemoStickPath);
  return root;
}

export const rekordboxDemoStickPath = join(import.meta.dirname, '..', 'fixtures', 'rekordbox-demo-stick');

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

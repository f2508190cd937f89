import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { exportToBooths, writableBooths } from '../../../../lib/dj-formats/booth-libraries.ts';
import { StickExportError } from '../../../../lib/dj-formats/rekordbox-device/stick-directory.ts';
import { readVirtualDjDatabase } from '../../../../lib/dj-formats/virtualdj/reader.ts';
import { browserSqlite } from '../../../../lib/usb-stick-page/browser-sqlite.ts';
import { MemoryDirectory, makeExportTrack } from '../../../helpers/usb-stick.ts';

const date = '2026-11-28';
const database = 'VirtualDJ/database.xml';

describe('one stick for any booth', () => {
  it('offers every booth library: the legacy one, OneLibrary, Engine DJ and VirtualDJ', () => {
    expect(writableBooths).toEqual(['rekordbox-legacy', 'onelibrary', 'engine-dj', 'virtualdj']);
  });

  it('writes all four libraries over the same files in one pass, asking for SQLite once', async () => {
    const stick = new MemoryDirectory();
    const tracks = [1, 2].map((n) => makeExportTrack(n));
    let asked = 0;
    const result = await exportToBooths(
      stick,
      { playlistName: 'Saturday', tracks, date },
      writableBooths,
      async () => {
        asked++;
        return browserSqlite();
      },
    );
    expect(asked).toBe(1);
    const placed = result.crate.map(({ row }) => row.filePath);
    const engine = new DatabaseSync(':memory:');
    engine.deserialize(stick.file('Engine Library/Database2/m.db') as Uint8Array);
    const enginePaths = engine.prepare('SELECT path FROM Track ORDER BY id').all();
    expect(enginePaths.map(({ path }) => `/${String(path).replace(/^\.\.\//, '')}`)).toEqual(placed);
    expect(stick.file('PIONEER/rekordbox/exportLibrary.db')).toBeDefined();
    expect((await readVirtualDjDatabase(stick.file(database) as Uint8Array)).filePaths.size).toBe(2);
  });

  it('changes nothing on the stick when a chosen library needs SQLite and none loads', async () => {
    const stick = new MemoryDirectory();
    const failure = await exportToBooths(
      stick,
      { playlistName: 'Saturday', tracks: [makeExportTrack(1)], date },
      ['engine-dj'],
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(stick.paths()).toEqual([]);
  });

  it.each([
    [
      'Engine',
      ['Engine Library', 'Database2'],
      'm.db',
      'SQLite format 3\0 but torn off here',
      'foreign-engine-library',
    ],
    [
      'OneLibrary',
      ['PIONEER', 'rekordbox'],
      'exportLibrary.db',
      'not SQLCipher at all, a text file',
      'foreign-library',
    ],
    [
      'VirtualDJ',
      ['VirtualDJ'],
      'database.xml',
      '<?xml version="1.0"?><VirtualDJ_Database><Song',
      'foreign-library',
    ],
  ])(
    'leaves every library on the stick as it was when its %s library is one Crate cannot read',
    async (_, path, name, garbage, kind) => {
      const stick = new MemoryDirectory();
      const write = (playlistName: string, n: number) =>
        exportToBooths(stick, { playlistName, tracks: [makeExportTrack(n)], date }, writableBooths, () =>
          browserSqlite(),
        );
      await write('Friday', 1);
      let folder = stick as unknown as FileSystemDirectoryHandle;
      for (const part of path) folder = await folder.getDirectoryHandle(part);
      const writable = await (await folder.getFileHandle(name)).createWritable();
      await writable.write(new TextEncoder().encode(garbage));
      await writable.close();
      const before = new Map(stick.paths().map((each) => [each, stick.file(each)]));

      const failure = await write('Saturday', 2).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StickExportError);
      expect((failure as StickExportError).failure).toBe(kind);
      expect(new Map(stick.paths().map((each) => [each, stick.file(each)]))).toEqual(before);
    },
  );

  it("lists in VirtualDJ's database the very files the legacy library placed, once each, however often exported", async () => {
    const stick = new MemoryDirectory();
    const tracks = [1, 2, 3].map((n) => makeExportTrack(n));
    const first = await exportToBooths(stick, { playlistName: 'Saturday', tracks, date }, ['virtualdj']);
    const placed = first.crate.map(({ row }) => row.filePath);
    expect(placed).toHaveLength(3);
    const read = await readVirtualDjDatabase(stick.file(database) as Uint8Array);
    expect([...read.filePaths].sort()).toEqual([...placed].sort());

    const again = await exportToBooths(stick, { playlistName: 'Saturday', tracks, date }, ['virtualdj']);
    expect(again.added).toBe(0);
    expect(again.crate.map(({ row }) => row.filePath)).toEqual(placed);
    expect((await readVirtualDjDatabase(stick.file(database) as Uint8Array)).filePaths.size).toBe(3);
  });

  it('writes no VirtualDJ library when the DJ leaves it out', async () => {
    const stick = new MemoryDirectory();
    await exportToBooths(stick, { playlistName: 'Saturday', tracks: [makeExportTrack(1)], date }, []);
    expect(stick.paths().filter((path) => path.startsWith('VirtualDJ/'))).toEqual([]);
    expect(stick.file('PIONEER/rekordbox/export.pdb')).toBeDefined();
  });
});

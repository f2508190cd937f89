import { describe, expect, it } from 'vitest';
import { exportToBooths, writableBooths } from '../../../../lib/dj-formats/booth-libraries.ts';
import { readVirtualDjDatabase } from '../../../../lib/dj-formats/virtualdj/reader.ts';
import { MemoryDirectory, makeExportTrack } from '../../../helpers/usb-stick.ts';

const date = '2026-11-28';
const database = 'VirtualDJ/database.xml';

describe('one stick for any booth', () => {
  it('offers the legacy library and VirtualDJ today', () => {
    expect(writableBooths).toEqual(['rekordbox-legacy', 'virtualdj']);
  });

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

import { describe, expect, it } from 'vitest';
import { readExportPdb } from '../../../../lib/dj-formats/rekordbox-device/pdb-reader.ts';
import { exportToStick } from '../../../../lib/dj-formats/rekordbox-device/stick-export.ts';
import { DownloadsStick, stickFolderName } from '../../../../lib/usb-stick-page/downloads-stick.ts';
import { makeExportTrack, readWithKaitai } from '../../../helpers/usb-stick.ts';

/** The downloads folder: each file saved, in order, with its bytes. */
function downloads(failOn?: string) {
  const saved: [string, Uint8Array][] = [];
  const save = async (path: string, data: Blob) => {
    if (path === failOn) throw new Error('Download failed: FILE_NO_SPACE');
    saved.push([path, new Uint8Array(await data.arrayBuffer())]);
  };
  return { saved, save };
}

describe('DownloadsStick', () => {
  it('saves each track as it is written, then the PIONEER tree with the database last', async () => {
    const { saved, save } = downloads();
    const stick = new DownloadsStick(save);
    await exportToStick(stick, {
      playlistName: 'Friday',
      tracks: [makeExportTrack(1), makeExportTrack(2)],
      date: '2026-11-27',
    });
    // Nothing of PIONEER is in the downloads until the export is whole.
    expect(saved.map(([path]) => path)).toEqual([
      'Contents/Artist 1/Album/Artist 1 - Track 1.mp3',
      'Contents/Artist 2/Album/Artist 2 - Track 2.mp3',
    ]);
    await stick.saveHeld();
    const paths = saved.map(([path]) => path);
    expect(paths.at(-1)).toBe('PIONEER/rekordbox/export.pdb');
    expect(paths.filter((path) => path.endsWith('.new'))).toEqual([]);
    expect(paths.filter((path) => /^PIONEER\/USBANLZ\/.*ANLZ0000\.(DAT|EXT)$/.test(path))).toHaveLength(4);
    expect(paths).toContain('PIONEER/DEVSETTING.DAT');
    const database = saved.at(-1)?.[1] ?? new Uint8Array();
    expect(readWithKaitai(database).get(0)).toHaveLength(2);
    const library = readExportPdb(database);
    for (const track of library.tracks) expect(paths).toContain(track.filePath.slice(1));
  });

  it('saves no database when the export fails', async () => {
    const { saved, save } = downloads('Contents/Artist 2/Album/Artist 2 - Track 2.mp3');
    const stick = new DownloadsStick(save);
    await expect(
      exportToStick(stick, {
        playlistName: 'Friday',
        tracks: [makeExportTrack(1), makeExportTrack(2)],
        date: '2026-11-27',
      }),
    ).rejects.toMatchObject({ failure: 'write-failed' });
    expect(saved.map(([path]) => path)).toEqual(['Contents/Artist 1/Album/Artist 1 - Track 1.mp3']);
  });

  it('starts empty: nothing to read back from the downloads', async () => {
    const stick = new DownloadsStick(downloads().save);
    await expect(stick.getDirectoryHandle('PIONEER')).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it('names the folder for the crate, without the characters FAT32 and Windows refuse', () => {
    expect(stickFolderName('Friday: Peak/Time')).not.toMatch(/[:/]/);
    expect(stickFolderName('Friday')).toBe('Friday (USB stick)');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analysisFolder,
  contentsPath,
  fatName,
} from '../../../../../lib/dj-formats/rekordbox-device/stick-paths.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what FAT32 refuses
const fatRefuses = /[<>:"/\\|?*\u0000-\u001f]/;

describe('stick paths', () => {
  it('lays the audio out under Contents/artist/album, with the characters FAT32 refuses taken out', () => {
    expect(contentsPath('AC/DC', 'Who: Made? Who*', 'AC/DC - "Thunder" <Live>', 'mp3', new Set())).toBe(
      '/Contents/ACDC/Who Made Who/ACDC - Thunder Live.mp3',
    );
    expect(contentsPath('', '...', '', 'wav', new Set())).toBe(
      '/Contents/UnknownArtist/UnknownAlbum/Track.wav',
    );
  });

  it('never gives two tracks one path, whatever the case', () => {
    const taken = new Set(['/contents/a/b/t.mp3', '/contents/a/b/t (2).mp3']);
    expect(contentsPath('A', 'B', 'T', 'mp3', taken)).toBe('/Contents/A/B/T (3).mp3');
  });

  it('keeps any name FAT32-safe and short enough (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary-ascii', maxLength: 400 }),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        (ascii, other) => {
          const name = ascii + other;
          const safe = fatName(name, 'x');
          expect(safe).not.toMatch(fatRefuses);
          expect(safe.length).toBeGreaterThan(0);
          expect(safe.length).toBeLessThanOrEqual(120);
          expect(safe).not.toMatch(/[. ]$/);
        },
      ),
    );
  });

  it('names analysis folders as rekordbox does, P000 to P07F then eight hex digits', () => {
    const folder = analysisFolder('/Contents/A/B/T.mp3');
    expect(folder).toMatch(/^\/PIONEER\/USBANLZ\/P0[0-7][0-9A-F]\/[0-9A-F]{8}$/);
    expect(analysisFolder('/Contents/A/B/T.mp3')).toBe(folder);
    expect(analysisFolder('/Contents/A/B/T.mp3', 2)).not.toBe(folder);
  });
});

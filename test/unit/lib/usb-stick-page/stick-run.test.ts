import { describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../../../lib/contract/track-analysis.ts';
import { readExportPdb } from '../../../../lib/dj-formats/rekordbox-device/pdb-reader.ts';
import type { StickPageRequest } from '../../../../lib/storage/items.ts';
import { runStickExport, type StickRunSources } from '../../../../lib/usb-stick-page/stick-run.ts';
import { libraryEntry } from '../../../helpers/popup-fixtures.ts';
import {
  MemoryDirectory,
  makeAnalysis,
  makeMp3,
  makeWaveformDetail,
  readAnlzWithKaitai,
  readWithKaitai,
} from '../../../helpers/usb-stick.ts';

const database = 'PIONEER/rekordbox/export.pdb';
const audio = makeMp3(40);
const waveform = btoa(String.fromCharCode(...makeWaveformDetail(2)));

/** The store as the worker's messages answer it: track 2 has no analysis; every call is logged. */
function store(analysed: ReadonlyMap<number, TrackAnalysis>) {
  const calls: string[] = [];
  const sources: StickRunSources = {
    analyses: async (ids) => {
      calls.push(`analyses ${ids.join(',')}`);
      return new Map(
        ids.flatMap((id) => (analysed.has(id) ? [[id, analysed.get(id) as TrackAnalysis]] : [])),
      );
    },
    waveform: async (id) => {
      calls.push(`waveform ${id}`);
      return { columnsPerSecond: 150, columns: 300, data: waveform };
    },
    audioLink: async (entryId) => {
      calls.push(`link ${entryId}`);
      return `https://store.test/downloads/file/${entryId}?sig=x`;
    },
    artwork: async (uri) => {
      calls.push(`artwork ${new URL(uri).pathname}`);
      return new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    },
    fetch: async (url) => {
      calls.push(`fetch ${new URL(url).pathname}`);
      return new Response(audio.slice());
    },
  };
  return { sources, calls };
}

/** Entry 3's track has its release's cover. */
function entry(id: number) {
  const found = libraryEntry(id, 'downloaded');
  if (id !== 3) return found;
  const image = { uri: 'https://store.test/images/release-503.jpg', width: 500, height: 500 };
  return { ...found, track: { ...found.track, image } };
}

const request = (ids: number[]): StickPageRequest => ({
  playlistName: 'Friday',
  entries: ids.map(entry),
  missing: [{ key: 'track:9', title: 'Artist 9 - Song 9', reason: 'not bought yet' }],
});

describe('runStickExport', () => {
  it('writes the analysed tracks with their audio and waveform, and lists the one without analysis', async () => {
    const stick = new MemoryDirectory();
    const { sources, calls } = store(
      new Map([
        [1, makeAnalysis()],
        [3, makeAnalysis({ bpm: 124.5 })],
      ]),
    );
    const progress: string[] = [];
    const outcome = await runStickExport(stick, request([1, 2, 3]), sources, {
      date: '2026-11-27',
      noAnalysis: 'no analysis',
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    });

    expect(outcome.result?.added).toBe(2);
    expect(outcome.missing).toEqual([
      { key: 'track:9', title: 'Artist 9 - Song 9', reason: 'not bought yet' },
      { key: 'entry:2', title: 'Artist 2 - Song 2 (Original Mix)', reason: 'no analysis' },
    ]);
    expect(progress).toEqual(['1/2', '2/2']);
    // The waveform and the link are asked for when the track is written, one track at a time.
    expect(calls).toEqual([
      'analyses 1,2,3',
      'link 1',
      'fetch /downloads/file/1',
      'waveform 1',
      'link 3',
      'fetch /downloads/file/3',
      'waveform 3',
      'artwork /images/release-503.jpg',
    ]);

    const bytes = stick.file(database) ?? new Uint8Array();
    expect(readWithKaitai(bytes).get(0)).toHaveLength(2);
    const library = readExportPdb(bytes);
    expect(
      library.tracks.map((t) => [t.title, t.artist, t.album, t.key, t.tempoCentiBpm, t.fileType]),
    ).toEqual([
      ['Song 1 (Original Mix)', 'Artist 1', 'Release 1', 'Am', 12800, 'mp3'],
      ['Song 3 (Original Mix)', 'Artist 3', 'Release 3', 'Am', 12450, 'mp3'],
    ]);
    expect(library.playlists.map((p) => [p.name, p.trackIds])).toEqual([['Friday', [1, 2]]]);
    expect(library.tracks.map((track) => track.artworkPath)).toEqual(['', '/PIONEER/Artwork/00000/a2.jpg']);
    expect(stick.file('PIONEER/Artwork/00000/a2_m.jpg')).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
    for (const track of library.tracks) {
      expect(stick.file(track.filePath.slice(1))).toEqual(audio);
      const ext = stick.file(track.analyzePath.slice(1).replace(/DAT$/, 'EXT')) ?? new Uint8Array();
      expect(readAnlzWithKaitai(ext).sections.map((s: { fourcc: number }) => s.fourcc)).toContain(0x50575633);
    }
  });

  it('writes nothing when no track has an analysis', async () => {
    const stick = new MemoryDirectory();
    const outcome = await runStickExport(stick, request([1]), store(new Map()).sources, {
      date: '2026-11-27',
      noAnalysis: 'no analysis',
    });
    expect(outcome.result).toBeNull();
    expect(outcome.missing.map((m) => m.key)).toEqual(['track:9', 'entry:1']);
    expect(stick.paths()).toEqual([]);
  });

  it('lists a format Pioneer players do not play as left out, and writes the others', async () => {
    const stick = new MemoryDirectory();
    const both = request([1, 3]);
    const [mp3, other] = both.entries;
    const ogg = {
      ...both,
      entries: [
        mp3 as (typeof both.entries)[number],
        { ...other, audioFormat: 'ogg' } as (typeof both.entries)[number],
      ],
    };
    const analysed = new Map([
      [1, makeAnalysis()],
      [3, makeAnalysis()],
    ]);
    const outcome = await runStickExport(stick, ogg, store(analysed).sources, {
      date: '2026-11-27',
      noAnalysis: 'no analysis',
    });
    expect(outcome.result?.added).toBe(1);
    expect(outcome.missing.at(-1)).toMatchObject({
      key: 'entry:3',
      reason: 'Pioneer players do not play OGG files',
    });
    expect(readWithKaitai(stick.file(database) ?? new Uint8Array()).get(0)).toHaveLength(1);
  });

  it('asks for analyses a hundred tracks at a time', async () => {
    const { sources, calls } = store(new Map());
    const ids = Array.from({ length: 150 }, (_, i) => i + 1);
    await runStickExport(new MemoryDirectory(), request(ids), sources, {
      date: '2026-11-27',
      noAnalysis: '-',
    });
    expect(calls.map((call) => call.split(',').length)).toEqual([100, 50]);
  });

  it('stops on a refused audio link with the old library as it was', async () => {
    const stick = new MemoryDirectory();
    const { sources } = store(new Map([[1, makeAnalysis()]]));
    await runStickExport(stick, request([1]), sources, { date: '2026-11-27', noAnalysis: '-' });
    const before = stick.file(database);
    const refusing = { ...sources, fetch: async () => new Response('gone', { status: 410 }) };
    await expect(
      runStickExport(
        stick,
        request([4]),
        { ...refusing, analyses: async () => new Map([[4, makeAnalysis()]]) },
        {
          date: '2026-11-28',
          noAnalysis: '-',
        },
      ),
    ).rejects.toMatchObject({ name: 'StickExportError', failure: 'write-failed' });
    expect(stick.file(database)).toEqual(before);
  });
});

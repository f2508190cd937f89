import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoothLibraryRequest, BoothTrack } from '../../../../../lib/dj-formats/booth-library.ts';
import { StickExportError } from '../../../../../lib/dj-formats/rekordbox-device/stick-directory.ts';
import { readVirtualDjDatabase } from '../../../../../lib/dj-formats/virtualdj/reader.ts';
import { writeVirtualDjLibrary } from '../../../../../lib/dj-formats/virtualdj/writer.ts';
import { propertyRuns } from '../../../../helpers/property-runs.ts';
import { MemoryDirectory, makeAnalysis, makeExportTrack } from '../../../../helpers/usb-stick.ts';

interface Element {
  tag: string;
  attributes: Record<string, string>;
  children: Element[];
}

/** Python's ElementTree (expat) over the bytes: the judge we did not write. */
function etree(bytes: Uint8Array): Element {
  const script = join(import.meta.dirname, '../../../../helpers/read-xml-etree.py');
  return JSON.parse(execFileSync('/usr/bin/python3', [script], { input: bytes, encoding: 'utf8' }));
}

function boothTrack(n: number, overrides: Partial<BoothTrack> = {}): BoothTrack {
  const { audio: _audio, ...track } = makeExportTrack(n);
  return {
    ...track,
    filePath: `/Contents/${track.artist}/Album/${track.fileName}.mp3`,
    fileSize: 16_680 + n,
    legacyId: n,
    analyzePath: `/PIONEER/USBANLZ/P001/0000000${n}/ANLZ0000.DAT`,
    ...overrides,
  };
}

function request(tracks: BoothTrack[], playlistName = 'Friday'): BoothLibraryRequest {
  return { playlistName, tracks, date: '2026-11-28' };
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const songs = (root: Element) => root.children.filter((child) => child.tag === 'Song');
const childrenOf = (song: Element | undefined, tag: string) =>
  song?.children.filter((child) => child.tag === tag) ?? [];

/** The database.xml schema VirtualDJ documents (virtualdj.com/wiki/VDJ_database.html). */
const schema: Record<string, string[]> = {
  Song: ['FilePath', 'FileSize', 'Flag'],
  Tags: [
    'Flag',
    'Author',
    'Title',
    'Year',
    'Genre',
    'Bpm',
    'Key',
    'Album',
    'Composer',
    'Label',
    'TrackNumber',
    'Remix',
    'Stars',
    'Remixer',
    'Grouping',
    'User1',
    'User2',
    'Internal',
  ],
  Scan: ['Version', 'Flag', 'Volume', 'Bpm', 'AltBpm', 'Key'],
  Infos: [
    'SongLength',
    'Bitrate',
    'Cover',
    'Color',
    'FirstSeen',
    'FirstPlay',
    'LastPlay',
    'PlayCount',
    'Corrupted',
    'Gain',
    'UserColor',
  ],
  Poi: ['Pos', 'Type', 'Point', 'Name', 'Num', 'Bpm', 'Size', 'Color', 'Slot'],
};

/** A database as VirtualDJ writes it (CRLF, its own elements and attributes), with songs Crate must keep. */
const foreignDatabase = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<VirtualDJ_Database Version="2023">',
  '<Song FilePath="E:\\Musik\\Größenwahn &amp; Söhne.mp3" FileSize="9123456" Flag="4">',
  ' <Tags Author="Die Ärzte" Title="Schrei nach Liebe" Genre="Punk" Year="1993" Stars="5" User1="peak &lt;1am&gt;" Flag="1" />',
  ' <Infos SongLength="245.120000" FirstSeen="1700000000" Bitrate="320" Cover="1" PlayCount="12" />',
  ' <Scan Version="801" Bpm="0.487805" AltBpm="0.365854" Volume="0.812345" Key="Am" Flag="32768" />',
  ' <Poi Pos="0.052000" Type="beatgrid" />',
  ' <Poi Name="Strophe" Pos="31.250000" Num="1" Color="4278255360" />',
  ' <Poi Pos="240.000000" Type="automix" Point="realEnd" />',
  ' <Comment>Zugabe &quot;immer&quot;</Comment>',
  ' <CustomMix>unknown to Crate</CustomMix>',
  '</Song>',
  '<Song FilePath="/Contents/Artist 1/Album/Artist 1 - Track 1.mp3" FileSize="1">',
  ' <Tags Author="Kept as the DJ has it" Title="Already there" />',
  ' <Scan Version="801" Bpm="0.500000" />',
  '</Song>',
  '</VirtualDJ_Database>',
  '',
].join('\r\n');

async function stickWith(database: string | Uint8Array, playlists: Record<string, string> = {}) {
  const root = new MemoryDirectory();
  const folder = await root.getDirectoryHandle('VirtualDJ', { create: true });
  folder.files.set(
    'database.xml',
    typeof database === 'string' ? new TextEncoder().encode(database) : database,
  );
  const lists = await folder.getDirectoryHandle('Playlists', { create: true });
  for (const [name, body] of Object.entries(playlists)) lists.files.set(name, new TextEncoder().encode(body));
  return root;
}

describe('writeVirtualDjLibrary', () => {
  it('writes a fresh stick a database of the crate and the crate as a playlist', async () => {
    const root = new MemoryDirectory();
    const tracks = [boothTrack(1), boothTrack(2)];
    await writeVirtualDjLibrary(root, request(tracks));

    const database = etree(root.file('VirtualDJ/database.xml') as Uint8Array);
    expect(database.tag).toBe('VirtualDJ_Database');
    expect(songs(database).map((song) => song.attributes)).toEqual([
      { FilePath: '/Contents/Artist 1/Album/Artist 1 - Track 1.mp3', FileSize: '16681' },
      { FilePath: '/Contents/Artist 2/Album/Artist 2 - Track 2.mp3', FileSize: '16682' },
    ]);
    const [song] = songs(database);
    expect(childrenOf(song, 'Tags')[0]?.attributes).toEqual({
      Author: 'Artist 1',
      Title: 'Track 1',
      Genre: 'Techno',
      Album: 'Album',
      Label: 'Label',
      TrackNumber: '1',
      Year: '2025',
      Key: 'Am',
    });
    expect(childrenOf(song, 'Infos')[0]?.attributes).toEqual({
      SongLength: '240.000000',
      Bitrate: '128',
      FirstSeen: String(Date.UTC(2026, 10, 28) / 1000),
    });
    // Seconds a beat: 60 / 128 BPM.
    expect(childrenOf(song, 'Scan')[0]?.attributes).toEqual({ Version: '801', Bpm: '0.468750', Key: 'Am' });
    expect(childrenOf(song, 'Poi').map((poi) => poi.attributes)).toEqual([
      { Pos: '0.120000', Type: 'beatgrid' },
      { Name: 'Start', Pos: '0.120000', Num: '1', Type: 'cue' },
      { Name: 'Drop', Pos: '60.120000', Num: '2', Type: 'cue' },
      { Name: 'Outro', Pos: '180.120000', Num: '9', Type: 'cue' },
    ]);

    const playlist = etree(root.file('VirtualDJ/Playlists/Friday.vdjfolder') as Uint8Array);
    expect(playlist.tag).toBe('VirtualFolder');
    expect(
      playlist.children.map((entry) => [entry.attributes.path, entry.attributes.size, entry.attributes.idx]),
    ).toEqual([
      ['/Contents/Artist 1/Album/Artist 1 - Track 1.mp3', '16681', '0'],
      ['/Contents/Artist 2/Album/Artist 2 - Track 2.mp3', '16682', '1'],
    ]);
    expect(root.file('VirtualDJ/database.xml.new')).toBeUndefined();
  });

  it('writes only what VirtualDJ documents for its database', async () => {
    const root = new MemoryDirectory();
    await writeVirtualDjLibrary(root, request([boothTrack(1), boothTrack(2, { fileType: 'wav' })]));
    const database = etree(root.file('VirtualDJ/database.xml') as Uint8Array);
    expect(Object.keys(database.attributes)).toEqual(['Version']);
    for (const song of songs(database)) {
      expect(Object.keys(song.attributes).every((name) => schema.Song?.includes(name))).toBe(true);
      for (const child of song.children) {
        const known = schema[child.tag];
        expect(known, child.tag).toBeDefined();
        for (const name of Object.keys(child.attributes))
          expect(known, `${child.tag} ${name}`).toContain(name);
        expect(child.children).toEqual([]);
      }
      const nums = childrenOf(song, 'Poi').flatMap((poi) => (poi.attributes.Num ? [poi.attributes.Num] : []));
      expect(new Set(nums).size).toBe(nums.length);
    }
  });

  it('puts MP3 and WAV positions on the analysis timeline, in seconds', async () => {
    const analysis = makeAnalysis({
      bpm: 124.5,
      firstDownbeatMs: 48.3,
      cues: [{ kind: 'drop', name: 'Drop', positionMs: 61_234.5, hotCue: 3, color: '#e62828' }],
    });
    const root = new MemoryDirectory();
    await writeVirtualDjLibrary(
      root,
      request([
        boothTrack(1, { fileType: 'mp3', analysis }),
        boothTrack(2, { fileType: 'wav', analysis, filePath: '/Contents/Artist 2/Album/Track 2.wav' }),
      ]),
    );
    const [mp3, wav] = songs(etree(root.file('VirtualDJ/database.xml') as Uint8Array));
    for (const song of [mp3, wav]) {
      expect(childrenOf(song, 'Poi').map((poi) => poi.attributes.Pos)).toEqual(['0.048300', '61.234500']);
      expect(childrenOf(song, 'Poi')[1]?.attributes.Num).toBe('4');
      expect(Number(childrenOf(song, 'Scan')[0]?.attributes.Bpm)).toBeCloseTo(60 / 124.5, 6);
    }
  });

  it("keeps a DJ's database byte for byte and adds only the crate's new songs", async () => {
    const before = new TextEncoder().encode(foreignDatabase);
    const root = await stickWith(before, {
      'Friday.vdjfolder': '<VirtualFolder><song path="E:\\x.mp3" /></VirtualFolder>',
    });
    await writeVirtualDjLibrary(root, request([boothTrack(1), boothTrack(3)]));

    const after = root.file('VirtualDJ/database.xml') as Uint8Array;
    const end = foreignDatabase.lastIndexOf('</VirtualDJ_Database>');
    expect(text(after).startsWith(foreignDatabase.slice(0, end))).toBe(true);
    expect(text(after).endsWith(foreignDatabase.slice(end))).toBe(true);

    const database = etree(after);
    expect(database.attributes).toEqual({ Version: '2023' });
    const [foreign, already, added] = songs(database);
    expect(songs(database)).toHaveLength(3);
    expect(foreign?.attributes).toEqual({
      FilePath: 'E:\\Musik\\Größenwahn & Söhne.mp3',
      FileSize: '9123456',
      Flag: '4',
    });
    expect(childrenOf(foreign, 'Tags')[0]?.attributes.User1).toBe('peak <1am>');
    expect(foreign?.children.map((child) => child.tag)).toEqual([
      'Tags',
      'Infos',
      'Scan',
      'Poi',
      'Poi',
      'Poi',
      'Comment',
      'CustomMix',
    ]);
    expect(childrenOf(already, 'Tags')[0]?.attributes).toEqual({
      Author: 'Kept as the DJ has it',
      Title: 'Already there',
    });
    expect(added?.attributes.FilePath).toBe('/Contents/Artist 0/Album/Artist 0 - Track 3.mp3');
    expect(text(after).replace(/\r\n/g, '')).not.toContain('\n');

    // A playlist of the crate's name keeps its songs as they are and gains the crate's at its end,
    // as the legacy library's does: the same crate exported again is one playlist, not two.
    const friday = text(root.file('VirtualDJ/Playlists/Friday.vdjfolder'));
    expect(friday).toContain('E:\\x.mp3');
    const crate = etree(root.file('VirtualDJ/Playlists/Friday.vdjfolder') as Uint8Array);
    expect(crate.children.map((child) => child.attributes.path).slice(1)).toEqual([
      '/Contents/Artist 1/Album/Artist 1 - Track 1.mp3',
      '/Contents/Artist 0/Album/Artist 0 - Track 3.mp3',
    ]);
    expect(root.file('VirtualDJ/Playlists/Friday (2).vdjfolder')).toBeUndefined();
  });

  it('adds nothing to a database that already lists every song but the playlist', async () => {
    const root = new MemoryDirectory();
    await writeVirtualDjLibrary(root, request([boothTrack(1)]));
    const first = root.file('VirtualDJ/database.xml');
    await writeVirtualDjLibrary(root, request([boothTrack(1)], 'Saturday'));
    expect(root.file('VirtualDJ/database.xml')).toEqual(first);
    expect(root.file('VirtualDJ/Playlists/Saturday.vdjfolder')).toBeDefined();
  });

  it('knows a song VirtualDJ listed with a drive letter or a mount point as already there', async () => {
    const listed = [
      '<VirtualDJ_Database Version="2023">',
      '<Song FilePath="E:\\Contents\\Artist 1\\Album\\Artist 1 - Track 1.mp3" FileSize="16681"></Song>',
      '<Song FilePath="/Volumes/STICK/contents/artist 0/album/artist 0 - track 3.mp3" FileSize="16683"></Song>',
      '</VirtualDJ_Database>',
    ].join('\n');
    const root = await stickWith(listed);
    await writeVirtualDjLibrary(root, request([boothTrack(1), boothTrack(3), boothTrack(4)]));
    expect(
      songs(etree(root.file('VirtualDJ/database.xml') as Uint8Array)).map((song) => song.attributes.FilePath),
    ).toEqual([
      'E:\\Contents\\Artist 1\\Album\\Artist 1 - Track 1.mp3',
      '/Volumes/STICK/contents/artist 0/album/artist 0 - track 3.mp3',
      '/Contents/Artist 1/Album/Artist 1 - Track 4.mp3',
    ]);
  });

  it.each([
    ['cut short', foreignDatabase.slice(0, 400)],
    ['another program', '<?xml version="1.0"?><DJ_PLAYLISTS Version="1.0.0"></DJ_PLAYLISTS>'],
    ['mismatched tags', '<VirtualDJ_Database Version="8"><Song FilePath="a"></Tags></VirtualDJ_Database>'],
    [
      'a song without a path',
      '<VirtualDJ_Database Version="8"><Song FileSize="1"></Song></VirtualDJ_Database>',
    ],
    [
      'not UTF-8',
      new Uint8Array([
        ...new TextEncoder().encode('<VirtualDJ_Database Version="8"><Song FilePath="'),
        0xe4,
        ...new TextEncoder().encode('"/></VirtualDJ_Database>'),
      ]),
    ],
  ])('refuses a database it cannot read (%s), the stick as it was', async (_, database) => {
    const root = await stickWith(database);
    const before = root.file('VirtualDJ/database.xml');
    const error = await writeVirtualDjLibrary(root, request([boothTrack(1)])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StickExportError);
    expect((error as StickExportError).failure).toBe('foreign-library');
    expect(root.file('VirtualDJ/database.xml')).toEqual(before);
    expect((await root.getDirectoryHandle('VirtualDJ')).files.size).toBe(1);
    expect(
      (await (await root.getDirectoryHandle('VirtualDJ')).getDirectoryHandle('Playlists')).files.size,
    ).toBe(0);
  });

  it('leaves the previous database readable when the stick is pulled or full mid-write', async () => {
    for (const faults of [{ removedAt: 'database.xml' }, { capacity: 10 }]) {
      const root = await stickWith(foreignDatabase);
      root.fail(faults);
      const error = await writeVirtualDjLibrary(root, request([boothTrack(1), boothTrack(3)])).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StickExportError);
      root.heal();
      expect(text(root.file('VirtualDJ/database.xml'))).toBe(foreignDatabase);
    }
  });

  it('keeps the previous database when the new one does not read back whole', async () => {
    const root = await stickWith(foreignDatabase);
    const folder = await root.getDirectoryHandle('VirtualDJ');
    const open = folder.getFileHandle.bind(folder);
    // The stick hands back less than was written, as a failing flash drive can.
    folder.getFileHandle = async (name, options) => {
      const handle = await open(name, options);
      if (name !== 'database.xml.new') return handle;
      return { ...handle, getFile: async () => (await handle.getFile()).slice(0, 300) };
    };
    const error = await writeVirtualDjLibrary(root, request([boothTrack(3)])).catch((e: unknown) => e);
    expect((error as StickExportError).failure).toBe('write-failed');
    expect(text(root.file('VirtualDJ/database.xml'))).toBe(foreignDatabase);
    expect(folder.folders.get('Playlists')?.files.size).toBe(0);
  });

  it('round-trips any text through the XML: escapes, line breaks, German and beyond', async () => {
    const runs = propertyRuns(1000);
    const names = fc.sample(fc.string({ unit: 'grapheme', maxLength: 30 }), { numRuns: runs, seed: 48 });
    const tricky = ['Größenwahn & "Söhne" <live>', 'Zeile 1\nZeile 2\r\n\tEnde', "it's ]]> &amp;"];
    const all = [...tricky, ...names];
    const tracks = all.map((name, n) =>
      boothTrack(n, {
        title: name,
        artist: `${name}!`,
        filePath: `/Contents/${n} ${name.replace(/\//g, '_')}.mp3`,
      }),
    );
    const root = new MemoryDirectory();
    await writeVirtualDjLibrary(root, request(tracks, 'Sets: "Ü" / <1>'));

    const bytes = root.file('VirtualDJ/database.xml') as Uint8Array;
    // XML cannot carry most control characters at all; the writer drops them (xml-text.ts).
    const kept = (value: string) =>
      [...value].filter((char) => char >= ' ' || '\t\n\r'.includes(char)).join('');
    const written = songs(etree(bytes));
    expect(written.map((song) => childrenOf(song, 'Tags')[0]?.attributes.Title ?? '')).toEqual(all.map(kept));
    expect(written.map((song) => song.attributes.FilePath)).toEqual(
      tracks.map((track) => kept(track.filePath)),
    );
    const ours = await readVirtualDjDatabase(bytes);
    expect([...ours.filePaths]).toEqual(tracks.map((track) => kept(track.filePath)));
    expect(
      etree(root.file('VirtualDJ/Playlists/Sets_ _Ü_ _ _1_.vdjfolder') as Uint8Array).children,
    ).toHaveLength(all.length);
  });
});

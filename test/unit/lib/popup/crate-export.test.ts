// @vitest-environment happy-dom
/**
 * Crate exports as DJ software reads them: the M3U8's lines, and the rekordbox XML parsed back
 * with an XML parser, every attribute checked against the library entries it came from.
 */
import { describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../../../lib/contract/track-analysis.ts';
import type { AudioFormat, LibraryEntry } from '../../../../lib/contract/wire.ts';
import {
  cartTracks,
  chooseFiles,
  fileLocation,
  m3u8,
  rekordboxXml,
  type SavedEntry,
} from '../../../../lib/popup/crate-export.ts';
import { cartItem, libraryEntry } from '../../../helpers/popup-fixtures.ts';

function savedEntries(): SavedEntry[] {
  const first = libraryEntry(1, 'downloaded');
  const second = libraryEntry(2, 'downloaded');
  // Characters XML and URIs must escape, two artists, a sharp key, a lossless format.
  second.track = {
    ...second.track,
    name: 'Rock & "Roll" <Live>',
    mixName: 'Dub Mix',
    remixers: [
      { id: 4, name: 'Åsa', slug: 'asa', role: 'remixer' },
      { id: 5, name: 'Ben', slug: 'ben', role: 'remixer' },
    ],
    artists: [
      { id: 1, name: 'Björk', slug: 'bjork', role: 'artist' },
      { id: 2, name: "D'Angelo", slug: 'dangelo', role: 'artist' },
    ],
    label: { id: 7, name: 'Kompakt & Co', slug: 'kompakt' },
    genre: { id: 3, name: 'Deep House', slug: 'deep-house' },
    release: { id: 9, name: 'Songs #1', slug: 'songs-1' },
    bpm: 123,
    key: 'F# Minor',
    lengthMs: 421_600,
    publishDate: '2024-11-30',
  };
  second.audioFormat = 'wav';
  return [
    {
      entry: first,
      path: 'Artist 1 - Song 1 (Original Mix).mp3',
      location: '/home/dj/Downloads/Artist 1 - Song 1 (Original Mix).mp3',
      bytes: 14_412_345,
      release: { catalogNumber: 'REL 001', trackNumber: 3 },
    },
    {
      entry: second,
      path: 'Songs #1/Björk, D\'Angelo - Rock & "Roll" <Live> (Dub Mix).wav',
      location: "C:\\Users\\dj\\Downloads\\Songs #1\\Björk, D'Angelo - Rock & Roll 100% (Dub Mix).wav",
    },
  ];
}

describe('crate export', () => {
  it('writes extended M3U8: duration and "Artist - Title", then the path the template saved', () => {
    expect(m3u8(savedEntries()).split('\n')).toEqual([
      '#EXTM3U',
      '#EXTINF:360,Artist 1 - Song 1 (Original Mix)',
      'Artist 1 - Song 1 (Original Mix).mp3',
      `#EXTINF:422,Björk, D'Angelo - Rock & "Roll" <Live> (Dub Mix)`,
      `Songs #1/Björk, D'Angelo - Rock & "Roll" <Live> (Dub Mix).wav`,
      '',
    ]);
  });

  it('turns saved paths into file://localhost/ URIs, each part percent-encoded', () => {
    expect(fileLocation('/home/dj/Downloads/a b#1.wav')).toBe(
      'file://localhost/home/dj/Downloads/a%20b%231.wav',
    );
    expect(fileLocation('C:\\Users\\dj\\Mix 100%.aiff')).toBe(
      'file://localhost/C:/Users/dj/Mix%20100%25.aiff',
    );
  });

  it('writes rekordbox XML whose every attribute matches the library entries', () => {
    const saved = savedEntries();
    const xml = rekordboxXml('Friday <set> & more', saved, { version: '1.2.3', store: 'shop.example' });
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);

    const root = doc.documentElement;
    expect(root.tagName).toBe('DJ_PLAYLISTS');
    expect(root.getAttribute('Version')).toBe('1.0.0');
    const product = root.getElementsByTagName('PRODUCT')[0];
    expect(product?.getAttribute('Name')).toBe('Crate');
    expect(product?.getAttribute('Version')).toBe('1.2.3');

    const collection = root.getElementsByTagName('COLLECTION')[0];
    expect(collection?.getAttribute('Entries')).toBe('2');
    const tracks = [...(collection?.getElementsByTagName('TRACK') ?? [])];
    const attributesOf = (element: Element) =>
      Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value]));
    expect(tracks.map(attributesOf)).toEqual([
      {
        TrackID: '1',
        Name: 'Song 1 (Original Mix)',
        Artist: 'Artist 1',
        Album: 'Release 1',
        TrackNumber: '3',
        Mix: 'Original Mix',
        Remixer: '',
        Label: 'Label',
        Genre: 'Techno',
        Kind: 'MP3 File',
        Size: '14412345',
        AverageBpm: '128.00',
        Tonality: 'Am',
        Year: '2026',
        DateAdded: '2026-03-01',
        BitRate: '320',
        SampleRate: '44100',
        TotalTime: '360',
        Comments: 'shop.example · REL 001',
        Location: 'file://localhost/home/dj/Downloads/Artist%201%20-%20Song%201%20(Original%20Mix).mp3',
      },
      {
        TrackID: '2',
        Name: 'Rock & "Roll" <Live> (Dub Mix)',
        Artist: "Björk, D'Angelo",
        Album: 'Songs #1',
        // No release record (the catalog did not answer): no TrackNumber, and the comment is the store.
        Mix: 'Dub Mix',
        Remixer: 'Åsa, Ben',
        Label: 'Kompakt & Co',
        Genre: 'Deep House',
        Kind: 'WAV File',
        AverageBpm: '123.00',
        Tonality: 'F#m',
        Year: '2024',
        DateAdded: '2026-03-01',
        BitRate: '1411',
        SampleRate: '44100',
        TotalTime: '422',
        Comments: 'shop.example',
        Location: `file://localhost/C:/Users/dj/Downloads/Songs%20%231/Bj%C3%B6rk%2C%20D'Angelo%20-%20Rock%20%26%20Roll%20100%25%20(Dub%20Mix).wav`,
      },
    ]);
    // Every Location decodes back to the saved file.
    expect(tracks.map((track) => decodeURIComponent(track.getAttribute('Location') ?? ''))).toEqual([
      'file://localhost/home/dj/Downloads/Artist 1 - Song 1 (Original Mix).mp3',
      "file://localhost/C:/Users/dj/Downloads/Songs #1/Björk, D'Angelo - Rock & Roll 100% (Dub Mix).wav",
    ]);

    const playlists = root.getElementsByTagName('PLAYLISTS')[0];
    const rootNode = playlists?.children[0];
    expect(rootNode?.getAttribute('Type')).toBe('0');
    expect(rootNode?.getAttribute('Name')).toBe('ROOT');
    const crate = rootNode?.children[0];
    expect(crate?.getAttribute('Type')).toBe('1');
    expect(crate?.getAttribute('Name')).toBe('Friday <set> & more');
    expect(crate?.getAttribute('KeyType')).toBe('0');
    expect(crate?.getAttribute('Entries')).toBe('2');
    expect([...(crate?.children ?? [])].map((key) => key.getAttribute('Key'))).toEqual(['1', '2']);
  });
});

/** A library entry of track `trackId` (on release `releaseId`) in `format`, entry id `id`. */
function owned(id: number, trackId: number, format: AudioFormat, releaseId = 500 + trackId): LibraryEntry {
  const entry = libraryEntry(trackId, 'downloaded');
  return {
    ...entry,
    id,
    audioFormat: format,
    track: { ...entry.track, release: { ...entry.track.release, id: releaseId } },
  };
}

describe('a cart as a crate', () => {
  it("takes each track item and each release's tracks in order, once, owned ones with the cart's format first", () => {
    const library = [
      owned(11, 1, 'mp3'),
      owned(12, 1, 'wav'),
      owned(13, 2, 'aiff'),
      owned(21, 21, 'mp3', 7),
      owned(23, 23, 'mp3', 7),
    ];
    const { owned: tracks, notBought } = cartTracks(
      [
        cartItem(1, { format: 'wav' }),
        cartItem(2, { format: 'mp3' }),
        cartItem(3),
        cartItem(7, { type: 'release', format: 'mp3' }),
        // The same track again (on its own and in a release) is one track of the crate.
        cartItem(1, { format: 'aiff' }),
        cartItem(8, { type: 'release' }),
        cartItem(9, { type: 'release' }),
      ],
      library,
      new Map([
        [7, [21, 22, 23, 1]],
        [8, [31, 32]],
      ]),
    );
    expect(tracks.map(({ trackId, entries }) => [trackId, entries.map((entry) => entry.id)])).toEqual([
      [1, [12, 11]],
      [2, [13]],
      [21, [21]],
      [23, [23]],
    ]);
    expect(notBought).toEqual([
      { key: 'track:3', title: 'Artist 3 - Track 3 (Original Mix)', reason: 'not bought yet' },
      { key: 'release:7', title: 'Artist 7 - Release 7', reason: '1 of its 4 tracks not bought yet' },
      { key: 'release:8', title: 'Artist 8 - Release 8', reason: 'not bought yet' },
      // Not in the catalog's answer, nothing of it in the library.
      { key: 'release:9', title: 'Artist 9 - Release 9', reason: 'not bought yet' },
    ]);
  });

  it('counts the owned tracks of a release the catalog did not list', () => {
    const { owned: tracks, notBought } = cartTracks(
      [cartItem(7, { type: 'release', format: 'wav' })],
      [owned(21, 21, 'wav', 7), owned(22, 22, 'mp3', 7), owned(30, 30, 'wav')],
      new Map(),
    );
    expect(tracks.map((track) => track.trackId)).toEqual([21, 22]);
    expect(notBought).toEqual([]);
  });

  it("exports each track's first file on disk, and lists owned tracks with none as not downloaded", () => {
    const first = owned(11, 1, 'wav');
    const second = owned(12, 1, 'mp3');
    const other = owned(13, 2, 'aiff');
    const { saved, notDownloaded } = chooseFiles(
      [
        { trackId: 1, entries: [first, second] },
        { trackId: 2, entries: [other] },
      ],
      new Map([
        [11, { path: 'a.wav', location: null }],
        [12, { path: 'a.mp3', location: '/dl/a.mp3' }],
        [13, { path: 'b.aiff', location: null }],
      ]),
    );
    expect(saved).toEqual([{ entry: second, path: 'a.mp3', location: '/dl/a.mp3' }]);
    expect(notDownloaded).toEqual([
      { key: 'entry:13', title: 'Artist 2 - Song 2 (Original Mix)', reason: 'not downloaded yet' },
    ]);
  });
});

describe('rekordbox XML with the store’s analysis', () => {
  const analysis: TrackAnalysis = {
    version: 1,
    bpm: 128.05,
    firstDownbeatMs: 552.1,
    beatsPerBar: 4,
    beatCount: 853,
    durationMs: 400_000,
    cues: [
      { kind: 'first-downbeat', name: 'Downbeat', positionMs: 552.1, color: '#e62828' },
      { kind: 'intro', name: 'Intro', positionMs: 552.1, hotCue: 0, color: '#28e214' },
      { kind: 'drop', name: 'Drop', positionMs: 240_458.4, hotCue: 3, color: '#e62828' },
    ],
    waveformOverview: '',
  };

  it('gives the track a TEMPO from the first downbeat and a POSITION_MARK per cue, the tempo with its decimals', () => {
    const [first, second] = savedEntries();
    const xml = rekordboxXml('Set', [{ ...(first as SavedEntry), analysis }, second as SavedEntry], {
      version: '1',
      store: 'shop.example',
    });
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const [analysed, plain] = [
      ...(doc.getElementsByTagName('COLLECTION')[0]?.getElementsByTagName('TRACK') ?? []),
    ];
    const attributesOf = (element: Element) =>
      Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value]));
    expect(analysed?.getAttribute('AverageBpm')).toBe('128.05');
    expect([...(analysed?.getElementsByTagName('TEMPO') ?? [])].map(attributesOf)).toEqual([
      { Inizio: '0.552', Bpm: '128.05', Metro: '4/4', Battito: '1' },
    ]);
    expect([...(analysed?.getElementsByTagName('POSITION_MARK') ?? [])].map(attributesOf)).toEqual([
      { Name: 'Downbeat', Type: '0', Start: '0.552', Num: '-1' },
      { Name: 'Intro', Type: '0', Start: '0.552', Num: '0', Red: '40', Green: '226', Blue: '20' },
      { Name: 'Drop', Type: '0', Start: '240.458', Num: '3', Red: '230', Green: '40', Blue: '40' },
    ]);
    // A track the store has no analysis of keeps the catalog's tempo and no marks.
    expect(plain?.children).toHaveLength(0);
    expect(plain?.getAttribute('AverageBpm')).toBe('123.00');
  });
});

// @vitest-environment happy-dom
/**
 * rekordbox XML as DJ software reads it: parsed back with an XML parser, every attribute checked
 * against the library entries it came from.
 */
import { describe, expect, it } from 'vitest';
import type { TrackAnalysis } from '../../../../../lib/contract/track-analysis.ts';
import { fileLocation, rekordboxXml } from '../../../../../lib/dj-formats/rekordbox-xml/writer.ts';
import type { SavedEntry } from '../../../../../lib/dj-formats/saved-file.ts';
import { savedEntries } from '../../../../helpers/crate-files.ts';

describe('rekordbox XML', () => {
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

  it('names a format the store added in plain words and leaves out the bitrate it does not know', () => {
    const [first] = savedEntries();
    const entry = first as SavedEntry;
    const ogg = { ...entry, entry: { ...entry.entry, audioFormat: 'ogg' } };
    const xml = rekordboxXml('Set', [ogg], { version: '1', store: 'shop.example' });
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const track = doc.getElementsByTagName('COLLECTION')[0]?.getElementsByTagName('TRACK')[0];
    expect(track?.getAttribute('Kind')).toBe('OGG File');
    expect(track?.hasAttribute('BitRate')).toBe(false);
    expect(track?.hasAttribute('SampleRate')).toBe(false);
    expect(track?.getAttribute('Name')).toBeTruthy();
  });

  it('names a FLAC a "FLAC File" with its average bitrate from its size, and none when the size is unknown', () => {
    const [first] = savedEntries();
    const entry = first as SavedEntry;
    const lengthMs = entry.entry.track.lengthMs;
    const flac = { ...entry, entry: { ...entry.entry, audioFormat: 'flac' } };
    const sized = { ...flac, bytes: Math.round((lengthMs / 1000) * 100_000) };
    const xml = rekordboxXml('Set', [sized, { ...flac, bytes: null }], {
      version: '1',
      store: 'shop.example',
    });
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    const [withSize, withoutSize] =
      doc.getElementsByTagName('COLLECTION')[0]?.getElementsByTagName('TRACK') ?? [];
    expect(withSize?.getAttribute('Kind')).toBe('FLAC File');
    expect(withSize?.getAttribute('BitRate')).toBe('800');
    expect(withSize?.getAttribute('SampleRate')).toBe('44100');
    expect(withoutSize?.hasAttribute('BitRate')).toBe(false);
  });

  it("ends a track's comment with its energy as Mixed In Key writes it, and leaves it off without one", () => {
    const [first, second] = savedEntries();
    const energetic = { ...analysis, energy: { level: 7, sections: [{ startMs: 0, level: 7 }] } };
    const xml = rekordboxXml(
      'Set',
      [{ ...(first as SavedEntry), analysis: energetic }, second as SavedEntry],
      {
        version: '1',
        store: 'shop.example',
      },
    );
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    const [withEnergy, without] =
      doc.getElementsByTagName('COLLECTION')[0]?.getElementsByTagName('TRACK') ?? [];
    expect(withEnergy?.getAttribute('Comments')).toMatch(/^shop\.example.* · Energy 7$/);
    expect(without?.getAttribute('Comments')).not.toContain('Energy');
  });

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

import { describe, expect, it } from 'vitest';
import { CollectionImportError } from '../../../../../lib/options/collection/import-outcome.ts';
import {
  readCollectionFile,
  readMusicFolder,
} from '../../../../../lib/options/collection/read-collection.ts';
import { collectionLookup, encodeKeys } from '../../../../../lib/storage/collection-index.ts';
import { taggedMp3 } from '../../../../helpers/tagged-mp3.ts';

/** A rekordbox 6 export as it writes it: COLLECTION tracks with children, then PLAYLISTS pointing at them. */
const rekordboxXml = (tracks: string) => `<?xml version="1.0" encoding="UTF-8"?>
<DJ_PLAYLISTS Version="1.0.0">
  <PRODUCT Name="rekordbox" Version="6.8.5" Company="AlphaTheta"/>
  <COLLECTION Entries="3">
${tracks}
  </COLLECTION>
  <PLAYLISTS>
    <NODE Type="0" Name="ROOT" Count="1">
      <NODE Name="Friday" Type="1" KeyType="0" Entries="1">
        <TRACK Key="1"/>
      </NODE>
    </NODE>
  </PLAYLISTS>
</DJ_PLAYLISTS>
`;

const tracks = `    <TRACK TrackID="1" Name="Glue" Artist="Bicep" Composer="" Album="Isles" Grouping="" Genre="Electronica" Kind="MP3 File" Size="12345" TotalTime="269" DiscNumber="0" TrackNumber="3" Year="2021" AverageBpm="130.00" DateAdded="2021-01-22" BitRate="320" SampleRate="44100" Comments="" PlayCount="4" Rating="0" Location="file://localhost/Users/dj/Music/Bicep%20-%20Glue.mp3" Remixer="" Tonality="Fm" Label="Ninja Tune" Mix="Original Mix">
      <TEMPO Inizio="0.025" Bpm="130.00" Metro="4/4" Battito="1"/>
      <POSITION_MARK Name="" Type="0" Start="0.025" Num="-1"/>
    </TRACK>
    <TRACK TrackID="2" Name="Do It Again (Extended Mix)" Artist="R&#246;yksopp &amp; Robyn" Album="Do It Again" AverageBpm="124.00" Location="file://localhost/Users/dj/Music/x.aiff" Remixer="" Tonality="8A" Label="Dog Triumph" Mix=""/>
    <TRACK TrackID="3" Name="" Artist="Unknown" Location="file://localhost/Users/dj/Music/untitled.wav" Mix=""/>
    <TRACK TrackID="4" Name="Latch" Artist="Disclosure feat. Sam Smith" Remixer="Kaytranada" Mix="Kaytranada Remix" AverageBpm="118.50" Tonality="Abm" Label="PMR"></TRACK>`;

describe('readCollectionFile: rekordbox XML', () => {
  it('reads every COLLECTION track, not the playlists, and says what it skipped', async () => {
    const read = await readCollectionFile(new File([rekordboxXml(tracks)], 'rekordbox.xml'));
    expect(read.kind).toBe('rekordbox');
    expect(read.name).toBe('rekordbox');
    expect(read.tracks.map((t) => [t.artists, t.title, t.mix])).toEqual([
      ['Bicep', 'Glue', 'Original Mix'],
      ['Röyksopp & Robyn', 'Do It Again (Extended Mix)', ''],
      ['Disclosure feat. Sam Smith', 'Latch', 'Kaytranada Remix'],
    ]);
    expect(read.tracks[0]).toMatchObject({ album: 'Isles', label: 'Ninja Tune', key: 'Fm', bpm: 130 });
    expect(read.tracks[2]).toMatchObject({ remixers: 'Kaytranada', bpm: 118.5 });
    expect(read.skipped).toEqual({ unnamed: 1 });
  });

  it('reads a tag cut between two chunks of the stream', async () => {
    const text = rekordboxXml(tracks);
    const cut = text.indexOf('Röyksopp') > 0 ? text.indexOf('Röyksopp') : text.indexOf('R&#246;') + 3;
    // A Blob made of parts still streams as one; many small parts make many chunks.
    const parts = [text.slice(0, cut), text.slice(cut)];
    const read = await readCollectionFile(new File(parts, 'rekordbox.xml'));
    expect(read.tracks).toHaveLength(3);
  });

  it('reads a file in the encoding it declares', async () => {
    const latin1 = rekordboxXml(
      '    <TRACK TrackID="9" Name="Déjà Vu" Artist="Beyoncé" Mix="" Location=""/>',
    ).replace('UTF-8', 'ISO-8859-1');
    const bytes = Uint8Array.from([...latin1].map((char) => char.charCodeAt(0)));
    const read = await readCollectionFile(new File([bytes], 'old.xml'));
    expect(read.tracks.map((t) => [t.artists, t.title])).toEqual([['Beyoncé', 'Déjà Vu']]);
  });

  it('refuses a file that is no collection, saying why (a code the page words) and naming it', async () => {
    await expect(readCollectionFile(new File(['<html><body>hi</body></html>'], 'page.xml'))).rejects.toEqual(
      new CollectionImportError('notCollection', 'page.xml'),
    );
  });

  it('refuses a file cut short, and one without a track to keep: nothing is replaced', async () => {
    const text = rekordboxXml(tracks);
    const cut = text.slice(0, text.indexOf('</COLLECTION>'));
    await expect(readCollectionFile(new File([cut], 'rekordbox.xml'))).rejects.toMatchObject({
      refusal: 'cutShort',
      subject: 'rekordbox.xml',
    });
    await expect(readCollectionFile(new File([rekordboxXml('')], 'rekordbox.xml'))).rejects.toMatchObject({
      refusal: 'nothingToMatch',
      subject: 'rekordbox.xml',
    });
    await expect(readCollectionFile(new File(['#EXTM3U\n'], 'empty.m3u8'))).rejects.toMatchObject({
      refusal: 'nothingToMatch',
      subject: 'empty.m3u8',
    });
  });

  it('reads 20,000 tracks', async () => {
    const many = Array.from(
      { length: 20_000 },
      (_, i) =>
        `    <TRACK TrackID="${i}" Name="Track ${i}" Artist="Artist ${i % 700}" Mix="Original Mix" AverageBpm="124.00"/>`,
    ).join('\n');
    const read = await readCollectionFile(new File([rekordboxXml(many)], 'big.xml'));
    expect(read.tracks).toHaveLength(20_000);
    expect(read.tracks[19_999]?.title).toBe('Track 19999');
  });
});

describe('readCollectionFile: rekordbox names written "Title - Mix Name"', () => {
  // Store recordings as a chart lists them: the mix apart from the title.
  const chart: [string, string, string][] = [
    ['Lane 8', 'Breathing Nights', 'Original Mix'],
    ['Bicep', 'Glue', 'Extended Mix'],
    ['Disclosure', 'Latch', 'Kaytranada Remix'],
    ['Tale Of Us', 'Nova', 'Original Mix'],
    ['Röyksopp', 'Do It Again', 'Dub'],
    ['Mind Against', 'Atlant', 'Edit'],
    ['Adriatique', 'Nude', 'Extended Version'],
    ['Ben Böhmer', 'Beyond Beliefs', 'Original Mix'],
    ['Yotto', 'Hyperfall', 'Club Mix'],
    ['Kölsch', 'Grey', 'Original Mix'],
    ['Stephan Bodzin', 'Strand', 'Rework'],
    ['Innellea', 'Vigilans', 'VIP'],
  ];

  it('marks every one of them through the collection index (the chart page bug: 10 of 12)', async () => {
    const xml = chart
      .map(
        ([artist, title, mix], i) =>
          `    <TRACK TrackID="${i + 1}" Name="${title} - ${mix}" Artist="${artist}" Mix="" Location="file://localhost/x${i}.mp3"/>`,
      )
      .join('\n');
    const read = await readCollectionFile(new File([rekordboxXml(xml)], 'rekordbox.xml'));
    const lookup = collectionLookup({
      sources: [
        {
          id: 'rekordbox:rekordbox',
          kind: 'rekordbox',
          name: 'rekordbox',
          tracks: read.tracks.length,
          importedAt: '2026-11-27T00:00:00Z',
          keys: encodeKeys(read.keys),
        },
      ],
    });
    const marked = chart.filter(([artist, title, mix]) => lookup({ artists: [artist], title, mix }));
    expect(marked).toHaveLength(12);
    // Another mix of the same title is still not "in your collection".
    expect(lookup({ artists: ['Lane 8'], title: 'Breathing Nights', mix: 'Extended Mix' })).toBeNull();
  });
});

describe('readCollectionFile: Traktor collection.nml', () => {
  const nml = `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<NML VERSION="19"><HEAD COMPANY="www.native-instruments.com" PROGRAM="Traktor"></HEAD>
<MUSICFOLDERS></MUSICFOLDERS>
<COLLECTION ENTRIES="2"><ENTRY MODIFIED_DATE="2024/1/2" TITLE="Glue (Original Mix)" ARTIST="Bicep"><LOCATION DIR="/:Users/:dj/:Music/:" FILE="glue.mp3" VOLUME="Macintosh HD" VOLUMEID="Macintosh HD"></LOCATION>
<ALBUM TRACK="3" TITLE="Isles"></ALBUM><MODIFICATION_INFO AUTHOR_TYPE="user"></MODIFICATION_INFO>
<INFO BITRATE="320000" GENRE="Electronica" LABEL="Ninja Tune" KEY="Fm" PLAYTIME="269" IMPORT_DATE="2024/1/2"></INFO>
<TEMPO BPM="130.000061" BPM_QUALITY="100.000000"></TEMPO></ENTRY>
<ENTRY TITLE="" ARTIST=""><LOCATION DIR="/:x/:" FILE="noise.wav" VOLUME="C:"></LOCATION></ENTRY>
</COLLECTION>
<PLAYLISTS><NODE TYPE="FOLDER" NAME="$ROOT"><SUBNODES COUNT="1"><NODE TYPE="PLAYLIST" NAME="Friday"><PLAYLIST ENTRIES="1" TYPE="LIST"><ENTRY><PRIMARYKEY TYPE="TRACK" KEY="Macintosh HD/:Users/:dj/:Music/:glue.mp3"></PRIMARYKEY></ENTRY></PLAYLIST></NODE></SUBNODES></NODE></PLAYLISTS>
</NML>`;

  it('reads each collection entry with its file, album, label and tempo', async () => {
    const read = await readCollectionFile(new File([nml], 'collection.nml'));
    expect(read.kind).toBe('traktor');
    expect(read.tracks).toEqual([
      {
        artists: 'Bicep',
        title: 'Glue (Original Mix)',
        mix: '',
        remixers: '',
        album: 'Isles',
        label: 'Ninja Tune',
        location: 'Macintosh HD/Users/dj/Music/glue.mp3',
        key: 'Fm',
        bpm: 130.000061,
        isrc: null,
      },
    ]);
    expect(read.skipped).toEqual({ unnamed: 1 });
  });
});

describe('readCollectionFile: M3U and M3U8', () => {
  it('names an entry by its #EXTINF line, else by its file name', async () => {
    const m3u8 = [
      '#EXTM3U',
      '#EXTINF:269,Bicep - Glue (Original Mix)',
      '/Users/dj/Music/01 whatever.mp3',
      'C:\\Music\\Röyksopp & Robyn - Do It Again (Extended Mix).aiff',
      'file:///Users/dj/Music/Disclosure%20-%20Latch.flac',
      '/Users/dj/Music/untitled.wav',
      '',
    ].join('\r\n');
    const read = await readCollectionFile(new File([m3u8], 'Friday set.m3u8'));
    expect(read.kind).toBe('playlist');
    expect(read.name).toBe('Friday set');
    expect(read.tracks.map((t) => [t.artists, t.title])).toEqual([
      ['Bicep', 'Glue (Original Mix)'],
      ['Röyksopp & Robyn', 'Do It Again (Extended Mix)'],
      ['Disclosure', 'Latch'],
    ]);
    expect(read.skipped).toEqual({ unnamedEntry: 1 });
  });

  it('reads an old .m3u written in Windows-1252', async () => {
    const bytes = Uint8Array.from([...'#EXTINF:1,Beyoncé - Déjà Vu\nx.mp3\n'].map((c) => c.charCodeAt(0)));
    const read = await readCollectionFile(new File([bytes], 'old.m3u'));
    expect(read.tracks.map((t) => [t.artists, t.title])).toEqual([['Beyoncé', 'Déjà Vu']]);
  });
});

describe('readMusicFolder', () => {
  it('reads the music files’ tags and counts what it passed by, by reason', async () => {
    const read = await readMusicFolder('Promos', [
      { path: 'Bicep - Glue.mp3', file: taggedMp3('Bicep', 'Glue') },
      { path: 'sub/Latch.mp3', file: taggedMp3('Disclosure', 'Latch') },
      { path: 'cover.jpg', file: new Blob(['x']) },
      { path: '.DS_Store', file: new Blob(['x']) },
      { path: 'silence.mp3', file: new Blob([new Uint8Array(200)]) },
      { path: 'untitled.mp3', file: taggedMp3('Someone', '') },
    ]);
    expect(read.tracks.map((t) => [t.artists, t.title, t.location])).toEqual([
      ['Bicep', 'Glue', 'Bicep - Glue.mp3'],
      ['Disclosure', 'Latch', 'sub/Latch.mp3'],
    ]);
    expect(read.skipped).toEqual({ notMusic: 1, noTags: 1, unnamed: 1 });
  });

  it('refuses a folder without a music file it can name, changing nothing', async () => {
    await expect(readMusicFolder('Pictures', [{ path: 'a.jpg', file: new Blob(['x']) }])).rejects.toEqual(
      new CollectionImportError('noMusicInFolder', 'Pictures'),
    );
  });
});

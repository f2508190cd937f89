import { describe, expect, it } from 'vitest';
import { readTracklistFile } from '../../../../lib/tracklist/tracklist-file.ts';

const rekordboxXml = `<?xml version="1.0" encoding="UTF-8"?>
<DJ_PLAYLISTS Version="1.0.0">
  <PRODUCT Name="rekordbox" Version="6.8.5" Company="AlphaTheta"/>
  <COLLECTION Entries="3">
    <TRACK TrackID="11" Name="Glue" Artist="Bicep" Mix="Original Mix" Location="file://localhost/a.mp3"/>
    <TRACK TrackID="12" Name="Breathing Nights - Extended Mix" Artist="Lane 8" Mix="" Location="file://localhost/b.mp3"/>
    <TRACK TrackID="13" Name="Latch" Artist="Disclosure feat. Sam Smith" Mix="Kaytranada Remix" Location="file://localhost/c.mp3"/>
  </COLLECTION>
  <PLAYLISTS>
    <NODE Type="0" Name="ROOT" Count="2">
      <NODE Type="0" Name="Gigs" Count="2">
        <NODE Name="Friday" Type="1" KeyType="0" Entries="2">
          <TRACK Key="12"/>
          <TRACK Key="11"/>
        </NODE>
        <NODE Name="Empty" Type="1" KeyType="0" Entries="0"/>
      </NODE>
      <NODE Name="By file" Type="1" KeyType="1" Entries="1">
        <TRACK Key="file://localhost/c.mp3"/>
      </NODE>
    </NODE>
  </PLAYLISTS>
</DJ_PLAYLISTS>
`;

const traktorNml = `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<NML VERSION="19"><HEAD COMPANY="www.native-instruments.com" PROGRAM="Traktor"></HEAD>
<COLLECTION ENTRIES="2">
<ENTRY TITLE="Glue" ARTIST="Bicep"><LOCATION DIR="/:Users/:dj/:Music/:" FILE="a.mp3" VOLUME="Macintosh HD"></LOCATION><INFO MIX="Extended Mix"></INFO></ENTRY>
<ENTRY TITLE="Grey" ARTIST="Kölsch"><LOCATION DIR="/:Users/:dj/:Music/:" FILE="b.mp3" VOLUME="Macintosh HD"></LOCATION></ENTRY>
</COLLECTION>
<PLAYLISTS><NODE TYPE="FOLDER" NAME="$ROOT"><SUBNODES COUNT="1">
<NODE TYPE="PLAYLIST" NAME="Warm-up"><PLAYLIST ENTRIES="2" TYPE="LIST" UUID="x">
<ENTRY><PRIMARYKEY TYPE="TRACK" KEY="Macintosh HD/:Users/:dj/:Music/:b.mp3"></PRIMARYKEY></ENTRY>
<ENTRY><PRIMARYKEY TYPE="TRACK" KEY="Macintosh HD/:Users/:dj/:Music/:a.mp3"></PRIMARYKEY></ENTRY>
</PLAYLIST></NODE>
</SUBNODES></NODE></PLAYLISTS>
</NML>
`;

describe('readTracklistFile', () => {
  it('reads a rekordbox XML playlist by playlist, in order, by track id or by file', async () => {
    expect(await readTracklistFile(new File([rekordboxXml], 'rekordbox.xml'))).toEqual({
      kind: 'playlists',
      name: 'rekordbox',
      playlists: [
        {
          name: 'Gigs / Friday',
          lines: ['Lane 8 - Breathing Nights - Extended Mix', 'Bicep - Glue (Original Mix)'],
        },
        { name: 'By file', lines: ['Disclosure feat. Sam Smith - Latch (Kaytranada Remix)'] },
      ],
    });
  });

  it('reads a Traktor NML playlist, its entries found in the collection by file', async () => {
    expect(await readTracklistFile(new File([traktorNml], 'Warm-up.nml'))).toEqual({
      kind: 'playlists',
      name: 'Warm-up',
      playlists: [{ name: 'Warm-up', lines: ['Kölsch - Grey', 'Bicep - Glue (Extended Mix)'] }],
    });
  });

  it('refuses a DJ export without a playlist holding a track', async () => {
    const bare = rekordboxXml.replace(/<PLAYLISTS>[\s\S]*<\/PLAYLISTS>/, '');
    await expect(readTracklistFile(new File([bare], 'rekordbox.xml'))).rejects.toMatchObject({
      refusal: 'noPlaylists',
      subject: 'rekordbox.xml',
    });
  });

  it('reads an M3U8 by its #EXTINF lines and file names', async () => {
    const m3u = '#EXTM3U\n#EXTINF:269,Bicep - Glue\n/a.mp3\n/Music/Lane 8 - Breathing Nights.flac\n';
    expect(await readTracklistFile(new File([m3u], 'Friday set.m3u8'))).toEqual({
      kind: 'lines',
      name: 'Friday set',
      lines: ['Bicep - Glue', 'Lane 8 - Breathing Nights'],
    });
  });

  it('reads a CSV by its header, and refuses one without artist or title columns', async () => {
    const csv = 'Track Name,Artist Name(s)\nGlue,Bicep\n';
    expect(await readTracklistFile(new File([csv], 'playlist.csv'))).toEqual({
      kind: 'lines',
      name: 'playlist',
      lines: ['Bicep - Glue'],
    });
    await expect(
      readTracklistFile(new File(['Album,Year\nIsles,2021\n'], 'albums.csv')),
    ).rejects.toMatchObject({
      refusal: 'noArtistTitleColumns',
    });
  });

  it('reads a text file line by line, and an old one in Windows-1252', async () => {
    expect(await readTracklistFile(new File(['Tracklist:\r\n01. Bicep - Glue\r\n'], 'set.txt'))).toEqual({
      kind: 'lines',
      name: 'set',
      lines: ['Tracklist:', '01. Bicep - Glue', ''],
    });
    const latin1 = Uint8Array.from([...'Beyoncé - Déjà Vu'].map((c) => c.charCodeAt(0)));
    const read = await readTracklistFile(new File([latin1], 'old.txt'));
    expect(read.kind === 'lines' && read.lines).toEqual(['Beyoncé - Déjà Vu']);
  });

  it('refuses a binary file', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expect(readTracklistFile(new File([png], 'cover.png'))).rejects.toMatchObject({
      refusal: 'binary',
      subject: 'cover.png',
    });
  });
});

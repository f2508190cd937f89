/**
 * rekordbox XML, the "DJ_PLAYLISTS" format rekordbox imports through its XML bridge (and exports
 * with File, Export Collection in xml format): a crate as every track in COLLECTION and one
 * playlist named after it. Read back by reader.ts.
 */
import { formatLabel } from '../../contract/audio-formats.ts';
import type { TrackAnalysis } from '../../contract/track-analysis.ts';
import { artistsLine, trackDisplayTitle } from '../../contract/track-display.ts';
import type { AudioFormat } from '../../contract/wire.ts';
import { bitrateOf, commentOf, fileAudio, type SavedEntry, seconds, tonality } from '../saved-file.ts';
import { attributes } from '../xml-text.ts';

/**
 * A saved file's absolute path as rekordbox's `Location`: `file://localhost/` and the path with
 * each part percent-encoded ("C:\Music\a b.wav" -> "file://localhost/C:/Music/a%20b.wav").
 */
export function fileLocation(absolutePath: string): string {
  const parts = absolutePath.replace(/\\/g, '/').split('/').filter(Boolean);
  const encoded = parts.map((part, index) =>
    index === 0 && /^[A-Za-z]:$/.test(part) ? part : encodeURIComponent(part),
  );
  return `file://localhost/${encoded.join('/')}`;
}

// rekordbox's own words; another format reads as "OGG File" the same way.
const kinds: Partial<Record<AudioFormat, string>> = {
  mp3: 'MP3 File',
  wav: 'WAV File',
  aiff: 'AIFF File',
  flac: 'FLAC File',
};

const seconds3 = (ms: number) => (ms / 1000).toFixed(3);

/**
 * A track's grid and cues as rekordbox XML's children of TRACK: one TEMPO from the first downbeat
 * (Inizio in seconds, 4/4, beat 1), and a POSITION_MARK per cue, hot cues numbered from 0 with
 * their colour, the memory cue numbered -1. Positions are the analysis's as they are: rekordbox
 * reads an MP3 with a valid LAME tag from the first sample a gapless decoder plays
 * (docs/analysis.md).
 */
function rekordboxMarks(analysis: TrackAnalysis): string[] {
  const colour = (color: string) => {
    const [red, green, blue] = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16));
    return { Red: red as number, Green: green as number, Blue: blue as number };
  };
  return [
    `      <TEMPO ${attributes({ Inizio: seconds3(analysis.firstDownbeatMs), Bpm: analysis.bpm.toFixed(2), Metro: '4/4', Battito: 1 })}/>`,
    ...analysis.cues.map(
      (cue) =>
        `      <POSITION_MARK ${attributes({
          Name: cue.name,
          Type: 0,
          Start: seconds3(cue.positionMs),
          Num: cue.hotCue ?? -1,
          ...(cue.hotCue === undefined ? {} : colour(cue.color)),
        })}/>`,
    ),
  ];
}

/** rekordbox XML: every entry in COLLECTION, and one playlist named after the crate. */
export function rekordboxXml(
  crateName: string,
  saved: readonly SavedEntry[],
  { version, store }: { version: string; store: string },
): string {
  const tracks = saved.map(({ entry, location, bytes, release, analysis }, index) => {
    const { track } = entry;
    const audio = fileAudio[entry.audioFormat];
    const kbps = bitrateOf(entry, bytes);
    const element = `    <TRACK ${attributes({
      TrackID: index + 1,
      Name: trackDisplayTitle(track),
      Artist: artistsLine(track),
      Album: track.release.name,
      ...(release ? { TrackNumber: release.trackNumber } : {}),
      Mix: track.mixName,
      Remixer: track.remixers.map((remixer) => remixer.name).join(', '),
      Label: track.label.name,
      Genre: track.genre.name,
      Kind: kinds[entry.audioFormat] ?? `${formatLabel(entry.audioFormat)} File`,
      ...(bytes ? { Size: bytes } : {}),
      AverageBpm: (analysis?.bpm ?? track.bpm).toFixed(2),
      Tonality: tonality(track.key),
      Year: track.publishDate.slice(0, 4),
      // When it came into the person's collection: the purchase.
      DateAdded: entry.purchasedAt.slice(0, 10),
      ...(kbps === undefined ? {} : { BitRate: kbps }),
      ...(audio ? { SampleRate: audio.sampleRate } : {}),
      TotalTime: seconds(entry),
      // rekordbox has no energy field: Mixed In Key's "Energy N" in the comment, where DJs filter on it.
      Comments: analysis?.energy
        ? `${commentOf(store, release)} · Energy ${analysis.energy.level}`
        : commentOf(store, release),
      Location: fileLocation(location),
    })}`;
    return analysis
      ? [`${element}>`, ...rekordboxMarks(analysis), '    </TRACK>'].join('\n')
      : `${element}/>`;
  });
  const keys = saved.map((_, index) => `        <TRACK Key="${index + 1}"/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<DJ_PLAYLISTS Version="1.0.0">',
    `  <PRODUCT ${attributes({ Name: 'Crate', Version: version, Company: 'Crate' })}/>`,
    `  <COLLECTION Entries="${saved.length}">`,
    ...tracks,
    '  </COLLECTION>',
    '  <PLAYLISTS>',
    '    <NODE Type="0" Name="ROOT" Count="1">',
    `      <NODE ${attributes({ Name: crateName, Type: 1, KeyType: 0, Entries: saved.length })}>`,
    ...keys,
    '      </NODE>',
    '    </NODE>',
    '  </PLAYLISTS>',
    '</DJ_PLAYLISTS>',
    '',
  ].join('\n');
}

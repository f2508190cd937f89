import { i18n } from '#i18n';
import { formatLabel } from '../../lib/contract/audio-formats.ts';
import type { Track } from '../../lib/contract/wire.ts';
import type { MarkedTracklistLine, TracklistMarks } from '../../lib/protocol/messages.ts';

/** "Artist, Artist – Title (Mix)", as a line is read or a store track named. */
const trackName = (artists: readonly string[], title: string, mix: string) =>
  `${artists.join(', ')} – ${title}${mix ? ` (${mix})` : ''}`;

const storeTrackName = (track: Track) =>
  trackName(
    track.artists.map((artist) => artist.name),
    track.name,
    track.mixName,
  );

/** What the parser read from the line. */
function readText(line: MarkedTracklistLine): string {
  const read = line.read;
  switch (read.kind) {
    case 'track':
      return i18n.t('tracklist.read.track', [trackName(read.artists, read.title, read.mix)]);
    case 'unreleased':
      return i18n.t('tracklist.read.unreleased');
    case 'tooLong':
      return i18n.t('tracklist.read.tooLong');
    default:
      return i18n.t('tracklist.read.notTrack');
  }
}

function Marks({ marks }: { marks: TracklistMarks }) {
  const owned = marks.owned || marks.ownedFormats.length > 0;
  return (
    <ul class="tracklist-marks">
      {owned && (
        <li class="mark owned">
          {marks.ownedFormats.length > 0
            ? i18n.t('tracklist.marks.ownedIn', [marks.ownedFormats.map(formatLabel).join(', ')])
            : i18n.t('tracklist.marks.owned')}
        </li>
      )}
      {marks.collection && (
        <li class="mark collection">{i18n.t('tracklist.marks.collection', [marks.collection])}</li>
      )}
      {marks.carts.map((cart) => (
        <li key={cart} class="mark in-cart">
          {i18n.t('tracklist.marks.inCart', [cart])}
        </li>
      ))}
    </ul>
  );
}

/** The line's result: the track found and its marks, the other mixes, or not found with the store's search. */
function Outcome({ line }: { line: MarkedTracklistLine }) {
  const found = line.tracks[0];
  if (line.outcome === 'track' && found) {
    return (
      <div class="outcome found">
        <span>{i18n.t('tracklist.outcome.track', [storeTrackName(found)])}</span>
        {line.marks && <Marks marks={line.marks} />}
      </div>
    );
  }
  if (line.outcome === 'otherMixes') {
    return (
      <div class="outcome other-mixes">
        <span>{i18n.t('tracklist.outcome.otherMixes')}</span>
        <ul>
          {line.tracks.map((track) => (
            <li key={track.id}>{storeTrackName(track)}</li>
          ))}
        </ul>
        {line.searchUrl && (
          <a href={line.searchUrl} target="_blank" rel="noreferrer">
            {i18n.t('tracklist.searchStore')}
          </a>
        )}
      </div>
    );
  }
  if (line.outcome === 'notFound') {
    return (
      <div class="outcome not-found">
        <span>{i18n.t('tracklist.outcome.notFound')}</span>{' '}
        {line.searchUrl && (
          <a href={line.searchUrl} target="_blank" rel="noreferrer">
            {i18n.t('tracklist.searchStore')}
          </a>
        )}
      </div>
    );
  }
  return null;
}

/** Every line but the blank ones: its text, what was read from it, and its result. */
export function TracklistLines({ lines }: { lines: readonly MarkedTracklistLine[] }) {
  return (
    <ol class="card tracklist-lines" aria-label={i18n.t('tracklist.linesLabel')}>
      {lines
        .filter((line) => line.read.kind !== 'blank')
        .map((line) => (
          <li key={line.number} class={`tracklist-line outcome-${line.outcome}`} data-line={line.number}>
            <div class="line-text">{line.text}</div>
            <div class="line-read hint">{readText(line)}</div>
            <Outcome line={line} />
          </li>
        ))}
    </ol>
  );
}

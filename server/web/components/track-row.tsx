import { genreUrl, labelUrl, trackUrl } from '../../../lib/contract/store-urls.ts';
import { bpmText, keyText } from '../../../lib/contract/track-display.ts';
import type { Track } from '../../../lib/contract/wire.ts';
import { formatLength } from '../format.ts';
import { ArtistLinks } from './artist-links.tsx';
import { CoverImage } from './cover-image.tsx';
import { PriceTag } from './price-tag.tsx';

/**
 * One track in a list. The client script renders rows loaded later with this same component, so
 * every row has the same markup; the title is the row's only link to the track.
 */
export function TrackRow({
  track,
  position,
  current = false,
}: {
  track: Track;
  position?: number;
  current?: boolean;
}) {
  return (
    <li class={current ? 'track-row current' : 'track-row'} data-track-id={track.id}>
      {position !== undefined && <span class="track-position">{position}</span>}
      <CoverImage releaseId={track.release.id} size={88} extraClass="cover-small" />
      <div class="track-main">
        <a class="track-title" href={trackUrl(track)}>
          {track.name} <span class="mix-name">{track.mixName}</span>
        </a>
        <span class="track-artists">
          <ArtistLinks artists={track.artists} />
          {track.remixers.length > 0 && (
            <span class="remixers">
              {' '}
              (remix: <ArtistLinks artists={track.remixers} />)
            </span>
          )}
        </span>
      </div>
      <span class="track-label">
        <a href={labelUrl(track.label)}>{track.label.name}</a>
      </span>
      <span class="track-genre">
        <a href={genreUrl(track.genre)}>{track.genre.name}</a>
      </span>
      <span class="track-facts">
        <span class="bpm" title="Beats per minute">
          {bpmText(track.bpm)}
        </span>
        <span class="key" title="Key">
          {keyText(track.key)}
        </span>
        <span class="length" title="Length">
          {formatLength(track.lengthMs)}
        </span>
      </span>
      <PriceTag price={track.price} saleType={track.saleType} formats={track.formats} />
    </li>
  );
}

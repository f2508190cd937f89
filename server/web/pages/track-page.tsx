import { genreUrl, labelUrl, trackUrl } from '../../../lib/contract/store-urls.ts';
import type { TrackAnalysis } from '../../../lib/contract/track-analysis.ts';
import { bpmValue, keyText, trackDisplayTitle } from '../../../lib/contract/track-display.ts';
import type { CatalogPageResults, Track } from '../../../lib/contract/wire.ts';
import { ArtistLinks } from '../components/artist-links.tsx';
import { Facts, PageHero } from '../components/page-hero.tsx';
import { PriceTag } from '../components/price-tag.tsx';
import { ReleaseGrid } from '../components/release-tile.tsx';
import { TrackRows } from '../components/track-list.tsx';
import { TrackWaveform } from '../components/track-waveform.tsx';
import { coverClass } from '../cover-art.ts';
import { formatDate, formatLength, formatsHint } from '../format.ts';
import { Layout, type PageShell } from '../layout.tsx';

export function TrackPage({
  shell,
  data,
  releaseTracks,
  analysis,
}: {
  shell: PageShell;
  data: CatalogPageResults<'track'>;
  /** The release's tracklist, this track among them. */
  releaseTracks: Track[];
  /** The store's analysis of the track, once measured (it is never measured for a page view). */
  analysis?: TrackAnalysis;
}) {
  const { track, release } = data;
  const promotional = track.saleType === 'promotion';
  return (
    <Layout shell={shell} title={trackDisplayTitle(track)}>
      <PageHero
        cover={coverClass('track', track.id)}
        coverReleaseId={track.release.id}
        kicker={promotional ? 'Free track' : 'Track'}
        title={
          <>
            {track.name} <span class="mix-name">{track.mixName}</span>
          </>
        }
        titleHref={trackUrl(track)}
      >
        <p class="hero-artists">
          <ArtistLinks artists={track.artists} />
          {track.remixers.length > 0 && (
            // Its own element: the artists are the paragraph's own links (lib/content/selectors.ts).
            <span class="remixers">
              {' '}
              · remixed by <ArtistLinks artists={track.remixers} />
            </span>
          )}
        </p>
        <Facts
          facts={[
            ['BPM', bpmValue(track.bpm)],
            ['Key', keyText(track.key)],
            // Beside BPM and key, once the store has measured it (issue #50, server/analysis/energy.ts).
            analysis?.energy !== undefined && ['Energy', `${analysis.energy.level} of 10`],
            ['Length', formatLength(track.lengthMs)],
            ['Genre', <a href={genreUrl(track.genre)}>{track.genre.name}</a>],
            ['Label', <a href={labelUrl(track.label)}>{track.label.name}</a>],
            ['Released', formatDate(track.publishDate)],
            ['ISRC', track.isrc],
          ]}
        />
        <p class="hero-price">
          <PriceTag price={track.price} saleType={track.saleType} formats={track.formats} />
          <span class="hint">
            {promotional ? 'a promotional download' : formatsHint(track.formats ?? [], track.price)}
          </span>
        </p>
      </PageHero>
      {analysis && (
        <section class="section">
          <h2>Ready to play</h2>
          <TrackWaveform analysis={analysis} />
        </section>
      )}
      <section class="section">
        <h2>From the release</h2>
        <div class="release-context">
          <ReleaseGrid releases={[release]} empty="" />
          <TrackRows tracks={releaseTracks} numbered currentId={track.id} />
        </div>
      </section>
    </Layout>
  );
}

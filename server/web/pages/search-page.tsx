import type { Track } from '../../../lib/contract/wire.ts';
import { TrackRows } from '../components/track-list.tsx';
import { Layout, type PageShell } from '../layout.tsx';

/** The store's search: a box, and the tracks found (the tracklist match links here for a line it could not place). */
export function SearchPage({ shell, query, tracks }: { shell: PageShell; query: string; tracks: Track[] }) {
  return (
    <Layout shell={shell} title={query ? `Search: ${query}` : 'Search'}>
      <section class="intro">
        <h1>Search</h1>
        <form class="form" method="get" action="/search">
          <label>
            Artist, title or "Artist - Title"
            <input name="q" type="search" maxLength={300} value={query} />
          </label>
          <button type="submit" class="button">
            Search
          </button>
        </form>
      </section>
      {query &&
        (tracks.length === 0 ? (
          <p class="empty">Nothing found for “{query}”.</p>
        ) : (
          <TrackRows tracks={tracks} />
        ))}
    </Layout>
  );
}

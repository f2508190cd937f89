import type { Artist } from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';

interface ArtistRow {
  id: number;
  name: string;
  slug: string;
  last_publish_date: string | null;
  track_count: number;
}

/** Artist records (contract.md section 6) by id, with their genres, in two queries. */
export async function loadArtists(ctx: StoreContext, ids: readonly number[]): Promise<Map<number, Artist>> {
  const artists = new Map<number, Artist>();
  if (ids.length === 0) return artists;
  const list = JSON.stringify(ids);
  for (const row of await ctx.db.all<ArtistRow>(
    `SELECT id, name, slug, last_publish_date, track_count FROM artists
      WHERE id IN (SELECT value FROM json_each(?))`,
    list,
  )) {
    artists.set(row.id, {
      id: row.id,
      name: row.name,
      slug: row.slug,
      lastPublishDate: row.last_publish_date,
      genres: [],
      trackCount: row.track_count,
    });
  }
  for (const row of await ctx.db.all<{ artist_id: number; id: number; name: string }>(
    `SELECT ag.artist_id, g.id, g.name FROM artist_genres ag JOIN genres g ON g.id = ag.genre_id
      WHERE ag.artist_id IN (SELECT value FROM json_each(?))
      ORDER BY ag.artist_id, ag.track_count DESC, g.name`,
    list,
  )) {
    artists.get(row.artist_id)?.genres.push({ id: row.id, name: row.name });
  }
  return artists;
}

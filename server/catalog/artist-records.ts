import type { Artist } from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';
import * as q from './queries.ts';

/** Artist records (contract.md section 6) by id, with their genres, in two queries. */
export async function loadArtists(ctx: StoreContext, ids: readonly number[]): Promise<Map<number, Artist>> {
  const artists = new Map<number, Artist>();
  if (ids.length === 0) return artists;
  for (const row of await ctx.db.all(q.artistRows, { ids })) {
    artists.set(row.id, {
      id: row.id,
      name: row.name,
      slug: row.slug,
      lastPublishDate: row.last_publish_date,
      genres: [],
      trackCount: row.track_count,
    });
  }
  for (const row of await ctx.db.all(q.artistGenres, { ids })) {
    artists.get(row.artist_id)?.genres.push({ id: row.id, name: row.name });
  }
  return artists;
}

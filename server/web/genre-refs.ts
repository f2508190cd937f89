import type { Ref } from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';

/** Genres with their slugs, for links from records that carry only a genre's id and name. */
export async function genreRefs(ctx: StoreContext, ids: readonly number[]): Promise<Ref[]> {
  if (ids.length === 0) return [];
  return await ctx.db.all<Ref>(
    'SELECT id, name, slug FROM genres WHERE id IN (SELECT value FROM json_each(?)) ORDER BY name',
    JSON.stringify(ids),
  );
}

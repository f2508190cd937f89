import type { Ref } from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';
import { idsIn, query } from '../db/prepared.ts';

const genresById = query((db, a: { ids: readonly number[] }) =>
  db.selectFrom('genres').select(['id', 'name', 'slug']).where('id', 'in', idsIn(a.ids)).orderBy('name'),
);

/** Genres with their slugs, for links from records that carry only a genre's id and name. */
export async function genreRefs(ctx: StoreContext, ids: readonly number[]): Promise<Ref[]> {
  if (ids.length === 0) return [];
  return await ctx.db.all(genresById, { ids });
}

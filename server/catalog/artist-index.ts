import type { Database } from '../db/database.ts';

/**
 * An in-memory search index over the artist catalog, built from the database on first use and
 * rebuilt when the catalog changes (it only changes when seeded; each instance keeps its own). At 1,000,000 tracks a facet query in SQL
 * walks tens of thousands of index rows per request; here the filtered set is a merge of sorted
 * id lists, facet counts are merges too, and pages come from cached sort orders.
 */

interface ArtistRow {
  id: number;
  name: string;
  last_publish_date: string | null;
}

export type SortKey = { field: 'publishDate' | 'artistId' | 'name'; direction: 'ASC' | 'DESC' };

/** Ids of the artists a query matches, ascending; `all` when nothing filters. */
export type ArtistSet = Int32Array | 'all';

const maxCachedOrders = 16;

export class ArtistIndex {
  /** Every artist id, ascending. */
  readonly ids: Int32Array;
  private readonly maxId: number;
  private readonly genreIdByName = new Map<string, number>();
  private readonly genreNames = new Map<number, string>();
  /** Artist ids per genre, ascending. */
  private readonly artistsByGenre = new Map<number, Int32Array>();
  /** Each artist's genres: genreIds[genreStart[id] .. genreStart[id + 1]]. */
  private readonly genreStart: Int32Array;
  private readonly genreIds: Int32Array;
  private maxGenreId = 0;
  /** Artist ids per lower-cased name. */
  private readonly artistsByName = new Map<string, number[]>();
  /** Lower-cased names by artist id, for substring search. */
  private readonly lowerNames: string[] = [];
  /** Dense ranks by artist id: equal values share a rank. */
  private readonly nameRank: Int32Array;
  private readonly names: string[];
  private readonly publishRank: Int32Array;
  private readonly orders = new Map<string, Int32Array>();

  /** Reads the artists and their genres; the index keeps no connection to the rows it came from. */
  static async load(db: Database, artistCount: number): Promise<ArtistIndex> {
    const rows = await db.all<ArtistRow>('SELECT id, name, last_publish_date FROM artists ORDER BY id');
    const memberships = await db.all<{ artist_id: number; genre_id: number }>(
      'SELECT artist_id, genre_id FROM artist_genres ORDER BY artist_id',
    );
    const genres = await db.all<{ id: number; name: string }>('SELECT id, name FROM genres');
    const byGenre = await db.all<{ artist_id: number; genre_id: number }>(
      'SELECT artist_id, genre_id FROM artist_genres ORDER BY genre_id, artist_id',
    );
    return new ArtistIndex(db, artistCount, rows, memberships, genres, byGenre);
  }

  private constructor(
    private readonly db: Database,
    readonly artistCount: number,
    rows: ArtistRow[],
    memberships: { artist_id: number; genre_id: number }[],
    genres: { id: number; name: string }[],
    byGenre: { artist_id: number; genre_id: number }[],
  ) {
    this.ids = Int32Array.from(rows, (row) => row.id);
    this.maxId = rows.at(-1)?.id ?? 0;
    this.nameRank = new Int32Array(this.maxId + 1);
    this.publishRank = new Int32Array(this.maxId + 1);
    for (const row of rows) {
      const lower = row.name.toLowerCase();
      this.lowerNames[row.id] = lower;
      const same = this.artistsByName.get(lower);
      if (same) same.push(row.id);
      else this.artistsByName.set(lower, [row.id]);
    }
    // Names sort case-insensitively (then exactly, so that equal names share a rank); missing dates first.
    const nameKey = (name: string) => `${name.toLowerCase()}\u0000${name}`;
    const byName = rows.map((row) => ({ id: row.id, name: row.name, key: nameKey(row.name) }));
    byName.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.names = [];
    for (const row of byName) {
      if (this.names.at(-1) !== row.name) this.names.push(row.name);
      this.nameRank[row.id] = this.names.length - 1;
    }
    const dates = [...new Set(rows.map((row) => row.last_publish_date ?? ''))].sort();
    const dateRank = new Map(dates.map((date, rank) => [date, rank]));
    for (const row of rows) this.publishRank[row.id] = dateRank.get(row.last_publish_date ?? '') ?? 0;

    this.genreStart = new Int32Array(this.maxId + 2);
    this.genreIds = Int32Array.from(memberships, (row) => row.genre_id);
    for (const row of memberships)
      this.genreStart[row.artist_id + 1] = (this.genreStart[row.artist_id + 1] as number) + 1;
    for (let id = 1; id < this.genreStart.length; id++) {
      this.genreStart[id] = (this.genreStart[id] as number) + (this.genreStart[id - 1] as number);
    }
    const members = new Map<number, number[]>();
    for (const row of byGenre) {
      const list = members.get(row.genre_id);
      if (list) list.push(row.artist_id);
      else members.set(row.genre_id, [row.artist_id]);
    }
    for (const genre of genres) {
      this.genreIdByName.set(genre.name.toLowerCase(), genre.id);
      this.maxGenreId = Math.max(this.maxGenreId, genre.id);
      this.genreNames.set(genre.id, genre.name);
      this.artistsByGenre.set(genre.id, Int32Array.from(members.get(genre.id) ?? []));
    }
  }

  // ---- filters, each a sorted id list ----

  genre(id: number): Int32Array {
    return this.artistsByGenre.get(id) ?? new Int32Array();
  }

  genreNamed(name: string): Int32Array {
    const id = this.genreIdByName.get(name.toLowerCase());
    return id === undefined ? new Int32Array() : this.genre(id);
  }

  performerNamed(name: string): Int32Array {
    return Int32Array.from(this.artistsByName.get(name.toLowerCase()) ?? []).sort();
  }

  nameContains(part: string): Int32Array {
    const needle = part.toLowerCase();
    return this.ids.filter((id) => (this.lowerNames[id] as string).includes(needle));
  }

  async label(id: number): Promise<Int32Array> {
    return Int32Array.from(
      await this.db.all<{ artist_id: number }>(
        'SELECT artist_id FROM artist_labels WHERE label_id = ? ORDER BY artist_id',
        id,
      ),
      (row) => row.artist_id,
    );
  }

  /** Only the ids that exist, ascending. */
  existing(ids: readonly number[]): Int32Array {
    return Int32Array.from(new Set(ids))
      .filter((id) => id > 0 && id <= this.maxId && this.lowerNames[id] !== undefined)
      .sort();
  }

  // ---- results ----

  count(set: ArtistSet): number {
    return set === 'all' ? this.ids.length : set.length;
  }

  /** One page of the set in the requested order (artistId ASC breaks remaining ties). */
  page(set: ArtistSet, sort: SortKey[], offset: number, limit: number): number[] {
    const order = this.order(sort);
    const out: number[] = [];
    if (set === 'all') {
      for (let i = offset; i < Math.min(order.length, offset + limit); i++) out.push(order[i] as number);
      return out;
    }
    const member = new Uint8Array(this.maxId + 1);
    for (const id of set) member[id] = 1;
    let seen = 0;
    for (const id of order) {
      if (!member[id]) continue;
      if (seen++ < offset) continue;
      out.push(id);
      if (out.length === limit) break;
    }
    return out;
  }

  /** Genre facet: artists of the set per genre, most first. */
  genreCounts(set: ArtistSet, limit: number): { name: string; count: number }[] {
    const perGenre = new Int32Array(this.maxGenreId + 1);
    if (set === 'all') {
      for (const [id, artists] of this.artistsByGenre) perGenre[id] = artists.length;
    } else {
      for (const artist of set) {
        const end = this.genreStart[artist + 1] as number;
        for (let k = this.genreStart[artist] as number; k < end; k++) {
          const genre = this.genreIds[k] as number;
          perGenre[genre] = (perGenre[genre] as number) + 1;
        }
      }
    }
    const counts: { name: string; count: number }[] = [];
    perGenre.forEach((count, id) => {
      if (count > 0) counts.push({ name: this.genreNames.get(id) as string, count });
    });
    return counts.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1)).slice(0, limit);
  }

  /** Performer facet: artists of the set per name, most first, then by name. */
  performerCounts(set: ArtistSet, limit: number): { name: string; count: number }[] {
    const counts = new Uint32Array(this.names.length);
    let highest = 0;
    for (const id of set === 'all' ? this.ids : set) {
      const rank = this.nameRank[id] as number;
      const count = (counts[rank] as number) + 1;
      counts[rank] = count;
      if (count > highest) highest = count;
    }
    const out: { name: string; count: number }[] = [];
    // Few distinct counts exist (names rarely repeat), so one ordered pass per count level is cheap.
    for (let level = highest; level > 0 && out.length < limit; level--) {
      for (let rank = 0; rank < counts.length && out.length < limit; rank++) {
        if (counts[rank] === level) out.push({ name: this.names[rank] as string, count: level });
      }
    }
    return out;
  }

  private order(sort: SortKey[]): Int32Array {
    const keys = sort.some((key) => key.field === 'artistId')
      ? sort
      : [...sort, { field: 'artistId', direction: 'ASC' } as SortKey];
    const cacheKey = keys.map((key) => `${key.field} ${key.direction}`).join(',');
    let order = this.orders.get(cacheKey);
    if (!order) {
      const rank = (key: SortKey, id: number) =>
        key.field === 'artistId'
          ? id
          : key.field === 'name'
            ? (this.nameRank[id] as number)
            : (this.publishRank[id] as number);
      order = Int32Array.from(this.ids).sort((a, b) => {
        for (const key of keys) {
          const difference = rank(key, a) - rank(key, b);
          if (difference !== 0) return key.direction === 'ASC' ? difference : -difference;
        }
        return 0;
      });
      if (this.orders.size >= maxCachedOrders) this.orders.delete(this.orders.keys().next().value as string);
      this.orders.set(cacheKey, order);
    }
    return order;
  }
}

/** Both lists ascending: the ids in both. */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}

const indexes = new WeakMap<Database, ArtistIndex>();

/** The index of this database's artists, rebuilt when their number changed (a new seed). */
export async function artistIndex(db: Database): Promise<ArtistIndex> {
  const count = (await db.get<{ n: number }>('SELECT count(*) AS n FROM artists'))?.n ?? 0;
  let index = indexes.get(db);
  if (!index || index.artistCount !== count) {
    index = await ArtistIndex.load(db, count);
    indexes.set(db, index);
  }
  return index;
}

import type { Artist } from '../../lib/contract/wire.ts';
import type { Database } from '../db/database.ts';

/**
 * An in-memory search index over the artist catalog, with the artists' records: built from the
 * database on first use and rebuilt when this process writes the artists' tables (only the seed
 * does, before the store serves; each instance keeps its own). At 1,000,000 tracks a facet query
 * in SQL walks tens of thousands of index rows per request; here an answer needs no query at all:
 * the filtered set is a merge of sorted id lists, every sort order is made when the index is, and
 * no step of any filter, sort or facet walks more of the catalog than its answer needs.
 */

export type SortKey = { field: 'publishDate' | 'artistId' | 'name'; direction: 'ASC' | 'DESC' };

/** Ids of the artists a query matches, ascending; `all` when nothing filters. */
export type ArtistSet = Int32Array | 'all';

interface ArtistRow {
  id: number;
  name: string;
  slug: string;
  last_publish_date: string | null;
  track_count: number;
}

/** The tables the index is made of: a write to one of them makes the next query rebuild it. */
const indexedTables = ['artists', 'artist_genres', 'artist_labels', 'genres'];

/** A set at most this share of the catalog is ordered by sorting it, a larger one by a walk. */
const sparseShare = 16;
/** Separates names in the search text; a needle holding it matches nothing. */
const separator = '\u0000';

/** Id lists by key (in the rows' order), stored as one array: ids[start[key] .. start[key + 1]]. */
class Postings {
  private readonly start: Int32Array;
  private readonly ids: Int32Array;

  /** rows grouped by key, ascending. */
  constructor(rows: { key: number; id: number }[], maxKey: number) {
    this.start = new Int32Array(maxKey + 2);
    this.ids = Int32Array.from(rows, (row) => row.id);
    for (const row of rows) this.start[row.key + 1] = (this.start[row.key + 1] as number) + 1;
    for (let key = 1; key < this.start.length; key++) {
      this.start[key] = (this.start[key] as number) + (this.start[key - 1] as number);
    }
  }

  get(key: number): Int32Array {
    if (!(key >= 0 && key < this.start.length - 1)) return new Int32Array();
    return this.ids.subarray(this.start[key], this.start[key + 1]);
  }
}

export class ArtistIndex {
  /** Every artist id, ascending. */
  readonly ids: Int32Array;
  private readonly maxId: number;
  private readonly records: (Artist | undefined)[] = [];
  private readonly genreIdByName = new Map<string, number>();
  private readonly genreNames = new Map<number, string>();
  private readonly maxGenreId: number;
  /** Artist ids per genre, per label; genre ids per artist. */
  private readonly artistsByGenre: Postings;
  private readonly artistsByLabel: Postings;
  private readonly genresByArtist: Postings;
  /** Artist ids per lower-cased name. */
  private readonly artistsByName = new Map<string, number[]>();
  /** Lower-cased names in id order, separated; nameStart[i] is where the i-th id's name begins. */
  private readonly searchText: string;
  private readonly nameStart: Int32Array;
  /** Dense ranks by artist id: equal values share a rank. */
  private readonly nameRank: Int32Array;
  private readonly names: string[] = [];
  private readonly publishRank: Int32Array;
  private readonly dateCount: number;
  /** Every sort order (sortOrderKeys) and each id's place in it. */
  private readonly orders = new Map<string, { order: Int32Array; position: Int32Array }>();
  /** The facet counts of the whole catalog, made once. */
  private readonly allCounts = new Map<string, { name: string; count: number }[]>();
  /** Scratch membership marks, cleared after each use. */
  private readonly member: Uint8Array;

  static async load(db: Database): Promise<ArtistIndex> {
    const rows = await db.all<ArtistRow>(
      'SELECT id, name, slug, last_publish_date, track_count FROM artists ORDER BY id',
    );
    // Each artist's genres, most tracks first (the record's order), then per genre.
    const memberships = await db.all<{ artist_id: number; genre_id: number }>(
      `SELECT ag.artist_id, ag.genre_id FROM artist_genres ag JOIN genres g ON g.id = ag.genre_id
        ORDER BY ag.artist_id, ag.track_count DESC, g.name`,
    );
    const genres = await db.all<{ id: number; name: string }>('SELECT id, name FROM genres');
    const labels = await db.all<{ artist_id: number; label_id: number }>(
      'SELECT artist_id, label_id FROM artist_labels ORDER BY label_id, artist_id',
    );
    return new ArtistIndex(rows, memberships, genres, labels);
  }

  private constructor(
    rows: ArtistRow[],
    memberships: { artist_id: number; genre_id: number }[],
    genres: { id: number; name: string }[],
    labels: { artist_id: number; label_id: number }[],
  ) {
    this.ids = Int32Array.from(rows, (row) => row.id);
    this.maxId = rows.at(-1)?.id ?? 0;
    this.member = new Uint8Array(this.maxId + 1);
    this.nameRank = new Int32Array(this.maxId + 1);
    this.publishRank = new Int32Array(this.maxId + 1);
    this.maxGenreId = Math.max(0, ...genres.map((genre) => genre.id));
    for (const genre of genres) {
      this.genreIdByName.set(genre.name.toLowerCase(), genre.id);
      this.genreNames.set(genre.id, genre.name);
    }

    const lowerNames: string[] = [];
    this.nameStart = new Int32Array(rows.length + 1);
    let offset = 0;
    rows.forEach((row, i) => {
      const lower = row.name.toLowerCase();
      lowerNames.push(lower);
      this.nameStart[i] = offset;
      offset += lower.length + 1;
      const same = this.artistsByName.get(lower);
      if (same) same.push(row.id);
      else this.artistsByName.set(lower, [row.id]);
    });
    this.nameStart[rows.length] = offset;
    this.searchText = lowerNames.join(separator) + separator;

    // Names sort case-insensitively (then exactly, so that equal names share a rank); missing dates first.
    const nameKey = (name: string) => `${name.toLowerCase()}\u0000${name}`;
    const byName = rows.map((row) => ({ id: row.id, name: row.name, key: nameKey(row.name) }));
    byName.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const row of byName) {
      if (this.names.at(-1) !== row.name) this.names.push(row.name);
      this.nameRank[row.id] = this.names.length - 1;
    }
    const dates = [...new Set(rows.map((row) => row.last_publish_date ?? ''))].sort();
    const dateRank = new Map(dates.map((date, rank) => [date, rank]));
    this.dateCount = dates.length;
    for (const row of rows) this.publishRank[row.id] = dateRank.get(row.last_publish_date ?? '') ?? 0;

    this.genresByArtist = new Postings(
      memberships.map((row) => ({ key: row.artist_id, id: row.genre_id })),
      this.maxId,
    );
    const byGenre = memberships.map((row) => ({ key: row.genre_id, id: row.artist_id }));
    byGenre.sort((a, b) => a.key - b.key || a.id - b.id);
    this.artistsByGenre = new Postings(byGenre, this.maxGenreId);
    const maxLabelId = labels.reduce((max, row) => Math.max(max, row.label_id), 0);
    this.artistsByLabel = new Postings(
      labels.map((row) => ({ key: row.label_id, id: row.artist_id })),
      maxLabelId,
    );

    for (const row of rows) {
      const genreIds = this.genresByArtist.get(row.id);
      this.records[row.id] = {
        id: row.id,
        name: row.name,
        slug: row.slug,
        lastPublishDate: row.last_publish_date,
        genres: Array.from(genreIds, (id) => ({ id, name: this.genreNames.get(id) as string })),
        trackCount: row.track_count,
      };
    }
    for (const keys of sortOrderKeys()) this.order(keys);
  }

  // ---- filters, each a sorted id list ----

  genre(id: number): Int32Array {
    return this.artistsByGenre.get(id);
  }

  genreNamed(name: string): Int32Array {
    const id = this.genreIdByName.get(name.toLowerCase());
    return id === undefined ? new Int32Array() : this.genre(id);
  }

  performerNamed(name: string): Int32Array {
    return Int32Array.from(this.artistsByName.get(name.toLowerCase()) ?? []).sort();
  }

  label(id: number): Int32Array {
    return this.artistsByLabel.get(id);
  }

  /** Artists whose name holds the text, case-insensitively: one native search over all names. */
  nameContains(part: string): Int32Array {
    const needle = part.toLowerCase();
    if (needle.includes(separator)) return new Int32Array();
    const out: number[] = [];
    let from = 0;
    for (;;) {
      const at = this.searchText.indexOf(needle, from);
      if (at < 0) break;
      // The name the match starts in (the last start at or before it), then on past that name.
      let low = 0;
      let high = this.ids.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((this.nameStart[middle] as number) <= at) low = middle;
        else high = middle - 1;
      }
      out.push(this.ids[low] as number);
      from = this.nameStart[low + 1] as number;
    }
    return Int32Array.from(out);
  }

  /** Only the ids that exist, ascending. */
  existing(ids: readonly number[]): Int32Array {
    return Int32Array.from(new Set(ids))
      .filter((id) => id > 0 && id <= this.maxId && this.records[id] !== undefined)
      .sort();
  }

  // ---- results ----

  count(set: ArtistSet): number {
    return set === 'all' ? this.ids.length : set.length;
  }

  /** The records of these ids, in their order. */
  artists(ids: readonly number[]): Artist[] {
    return ids.flatMap((id) => this.records[id] ?? []);
  }

  /** One page of the set in the requested order (artistId ASC breaks remaining ties). */
  page(set: ArtistSet, sort: SortKey[], offset: number, limit: number): number[] {
    const { order, position } = this.order(effectiveKeys(sort));
    const out: number[] = [];
    if (set === 'all') {
      for (let i = offset; i < Math.min(order.length, offset + limit); i++) out.push(order[i] as number);
      return out;
    }
    if (offset >= set.length) return out;
    if (set.length * sparseShare <= order.length) {
      // Few members: sort their places in the order.
      const places = Int32Array.from(set, (id) => position[id] as number).sort();
      for (let i = offset; i < Math.min(places.length, offset + limit); i++) {
        out.push(order[places[i] as number] as number);
      }
      return out;
    }
    // Many: walk the order until the page is full; at least one in sparseShare ids is a member.
    for (const id of set) this.member[id] = 1;
    let seen = 0;
    for (const id of order) {
      if (!this.member[id]) continue;
      if (seen++ < offset) continue;
      out.push(id);
      if (out.length === limit) break;
    }
    for (const id of set) this.member[id] = 0;
    return out;
  }

  /** Genre facet: artists of the set per genre, most first. */
  genreCounts(set: ArtistSet, limit: number): { name: string; count: number }[] {
    if (set === 'all') return this.countsOfAll('genreName', () => this.genreCounts(this.ids, limit));
    const perGenre = new Int32Array(this.maxGenreId + 1);
    for (const artist of set) {
      for (const genre of this.genresByArtist.get(artist)) perGenre[genre] = (perGenre[genre] as number) + 1;
    }
    const counts: { name: string; count: number }[] = [];
    perGenre.forEach((count, id) => {
      if (count > 0) counts.push({ name: this.genreNames.get(id) as string, count });
    });
    return counts.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1)).slice(0, limit);
  }

  /** Performer facet: artists of the set per name, most first, then by name. */
  performerCounts(set: ArtistSet, limit: number): { name: string; count: number }[] {
    if (set === 'all') return this.countsOfAll('performerName', () => this.performerCounts(this.ids, limit));
    // The members' name ranks, sorted: equal names are neighbours, counted in one pass.
    const ranks = Int32Array.from(set, (id) => this.nameRank[id] as number).sort();
    const runs: { rank: number; count: number }[] = [];
    let highest = 0;
    for (let i = 0; i < ranks.length; ) {
      let j = i + 1;
      while (j < ranks.length && ranks[j] === ranks[i]) j++;
      runs.push({ rank: ranks[i] as number, count: j - i });
      highest = Math.max(highest, j - i);
      i = j;
    }
    const out: { name: string; count: number }[] = [];
    // Few distinct counts exist (names rarely repeat): one pass over the runs per count level.
    for (let level = highest; level > 0 && out.length < limit; level--) {
      for (const run of runs) {
        if (out.length === limit) break;
        if (run.count === level) out.push({ name: this.names[run.rank] as string, count: level });
      }
    }
    return out;
  }

  private countsOfAll(name: string, make: () => { name: string; count: number }[]) {
    let counts = this.allCounts.get(name);
    if (!counts) {
      counts = make();
      this.allCounts.set(name, counts);
    }
    return counts;
  }

  private order(keys: SortKey[]): { order: Int32Array; position: Int32Array } {
    const cacheKey = keys.map((key) => `${key.field} ${key.direction}`).join(',');
    let entry = this.orders.get(cacheKey);
    if (!entry) {
      // Each id's ranks combined into one number (ranks are small: it stays exact), sorted natively.
      const rank = (key: SortKey, id: number) =>
        key.field === 'artistId'
          ? id
          : key.field === 'name'
            ? (this.nameRank[id] as number)
            : (this.publishRank[id] as number);
      const size = (key: SortKey) =>
        key.field === 'artistId' ? this.maxId + 1 : key.field === 'name' ? this.names.length : this.dateCount;
      const combined = Float64Array.from(this.ids, (id) => {
        let value = 0;
        for (const key of keys) {
          const r = rank(key, id);
          value = value * size(key) + (key.direction === 'ASC' ? r : size(key) - 1 - r);
        }
        return value;
      });
      // The last key is artistId (effectiveKeys): the combined value ends with the id itself.
      const last = keys.at(-1) as SortKey;
      const idSize = this.maxId + 1;
      combined.sort();
      const order = Int32Array.from(combined, (value) => {
        const r = value % idSize;
        return last.direction === 'ASC' ? r : idSize - 1 - r;
      });
      const position = new Int32Array(this.maxId + 1);
      order.forEach((id, i) => {
        position[id] = i;
      });
      entry = { order, position };
      this.orders.set(cacheKey, entry);
    }
    return entry;
  }
}

/**
 * The keys that decide an order: a field after its first use changes nothing, nor does anything
 * after artistId (unique), which ends every order (ascending unless asked otherwise).
 */
function effectiveKeys(sort: SortKey[]): SortKey[] {
  const keys: SortKey[] = [];
  for (const key of sort) {
    if (keys.some((known) => known.field === key.field)) continue;
    keys.push(key);
    if (key.field === 'artistId') return keys;
  }
  keys.push({ field: 'artistId', direction: 'ASC' });
  return keys;
}

/** Every distinct order effectiveKeys can give: 26 of them. */
function sortOrderKeys(): SortKey[][] {
  const directions = ['ASC', 'DESC'] as const;
  const prefixes: SortKey['field'][][] = [
    [],
    ['publishDate'],
    ['name'],
    ['publishDate', 'name'],
    ['name', 'publishDate'],
  ];
  const all: SortKey[][] = [];
  for (const fields of [...prefixes.map((prefix) => [...prefix, 'artistId' as const])]) {
    const combine = (i: number, keys: SortKey[]): void => {
      if (i === fields.length) {
        all.push(keys);
        return;
      }
      for (const direction of directions)
        combine(i + 1, [...keys, { field: fields[i] as SortKey['field'], direction }]);
    };
    combine(0, []);
  }
  return all;
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

const indexes = new WeakMap<Database, { version: number; index: Promise<ArtistIndex> }>();

/** The index of this database's artists, rebuilt after this process wrote their tables (a new seed). */
export async function artistIndex(db: Database): Promise<ArtistIndex> {
  const version = db.tablesVersion(indexedTables);
  let entry = indexes.get(db);
  if (!entry || entry.version !== version) {
    entry = { version, index: ArtistIndex.load(db) };
    indexes.set(db, entry);
    // A failed build is tried again by the next query.
    entry.index.catch(() => {
      if (indexes.get(db) === entry) indexes.delete(db);
    });
  }
  return entry.index;
}

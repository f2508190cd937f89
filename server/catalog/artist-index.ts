import type { Artist } from '../../lib/contract/wire.ts';
import type { Database } from '../db/database.ts';
import type { RowOf } from '../db/prepared.ts';
import * as q from './queries.ts';

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

type ArtistRow = RowOf<typeof q.allArtists>;

/** The tables the index is made of: a write to one of them makes the next query rebuild it. */
const indexedTables = ['artists', 'artist_genres', 'artist_labels', 'genres'];

interface FacetCount {
  name: string;
  count: number;
}

/** Values a facet's counts list at most. */
export const facetLimit = 100;

/** A set at most this share of the catalog is ordered by sorting it, a larger one by a walk. */
const sparseShare = 16;
/** Separates names in the search text; a needle holding it matches nothing. */
const separator = '\u0000';

/** Id lists by key (in the rows' order), stored as one array: ids[start[key] .. start[key + 1]]. */
class Postings {
  private readonly start: Int32Array;
  private readonly ids: Int32Array;
  /** One view per key, the same each time: facet counts of a stored list are kept by its view. */
  private readonly views: (Int32Array | undefined)[];

  /** rows grouped by key, ascending. */
  constructor(rows: { key: number; id: number }[], maxKey: number) {
    this.start = new Int32Array(maxKey + 2);
    this.ids = Int32Array.from(rows, (row) => row.id);
    this.views = new Array(maxKey + 1).fill(undefined);
    for (const row of rows) this.start[row.key + 1] = (this.start[row.key + 1] as number) + 1;
    for (let key = 1; key < this.start.length; key++) {
      this.start[key] = (this.start[key] as number) + (this.start[key - 1] as number);
    }
  }

  get buffer(): ArrayBufferLike {
    return this.ids.buffer;
  }

  /** Where the key's ids are in all(): [start, end). */
  from(key: number): number {
    return this.start[key] as number;
  }

  to(key: number): number {
    return this.start[key + 1] as number;
  }

  /** Every key's ids, one after another. */
  get all(): Int32Array {
    return this.ids;
  }

  get(key: number): Int32Array {
    if (!(key >= 0 && key < this.start.length - 1)) return new Int32Array();
    let view = this.views[key];
    if (!view) {
      view = this.ids.subarray(this.start[key], this.start[key + 1]);
      this.views[key] = view;
    }
    return view;
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
  /** The facet counts of the whole catalog and of each stored list (a genre's, a label's), made once. */
  private readonly storedCounts = new WeakMap<object, Map<string, FacetCount[]>>();
  private readonly all = {};
  /** Scratch membership marks and name counts, cleared after each use. */
  private readonly member: Uint8Array;
  private readonly nameCounts: Uint32Array;

  static async load(db: Database): Promise<ArtistIndex> {
    const rows = await db.all(q.allArtists);
    // Each artist's genres, most tracks first (the record's order), then per genre.
    const memberships = await db.all(q.allArtistGenres);
    const genres = await db.all(q.allGenreNames);
    const labels = await db.all(q.allArtistLabels);
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
    this.nameCounts = new Uint32Array(this.maxId + 1);
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

    // One object per genre, shared by every record that lists it.
    const genreRefs = new Map([...this.genreNames].map(([id, name]) => [id, { id, name }]));
    const allGenres = this.genresByArtist.all;
    for (const row of rows) {
      const genres: { id: number; name: string }[] = [];
      for (let k = this.genresByArtist.from(row.id); k < this.genresByArtist.to(row.id); k++) {
        genres.push(genreRefs.get(allGenres[k] as number) as { id: number; name: string });
      }
      this.records[row.id] = {
        id: row.id,
        name: row.name,
        slug: row.slug,
        lastPublishDate: row.last_publish_date,
        genres,
        trackCount: row.track_count,
      };
    }
    for (const keys of sortOrderKeys()) this.order(keys);
    for (const facet of ['genreName', 'performerName'] as const) {
      this.facetCounts(facet, 'all', facetLimit);
      for (const id of this.genreNames.keys()) this.facetCounts(facet, this.genre(id), facetLimit);
    }
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

  /**
   * A facet's value counts over the set, most first, then by name. Kept for the whole catalog and
   * for a genre's or a label's list (the views Postings hands out); made anew for a combination.
   */
  facetCounts(facet: 'genreName' | 'performerName', set: ArtistSet, limit: number): FacetCount[] {
    const stored = set === 'all' || this.isStoredList(set);
    const key = `${facet} ${limit}`;
    const kept = stored ? this.storedCounts.get(set === 'all' ? this.all : set)?.get(key) : undefined;
    if (kept) return kept;
    const ids = set === 'all' ? this.ids : set;
    const counts = facet === 'genreName' ? this.genreCounts(ids, limit) : this.performerCounts(ids, limit);
    if (stored) {
      const owner = set === 'all' ? this.all : set;
      let map = this.storedCounts.get(owner);
      if (!map) {
        map = new Map();
        this.storedCounts.set(owner, map);
      }
      map.set(key, counts);
    }
    return counts;
  }

  private isStoredList(set: Int32Array): boolean {
    return set.buffer === this.artistsByGenre.buffer || set.buffer === this.artistsByLabel.buffer;
  }

  private genreCounts(set: Int32Array, limit: number): FacetCount[] {
    const perGenre = new Int32Array(this.maxGenreId + 1);
    const genres = this.genresByArtist;
    const all = genres.all;
    for (let i = 0; i < set.length; i++) {
      const artist = set[i] as number;
      const end = genres.to(artist);
      for (let k = genres.from(artist); k < end; k++) {
        const genre = all[k] as number;
        perGenre[genre] = (perGenre[genre] as number) + 1;
      }
    }
    const counts: FacetCount[] = [];
    perGenre.forEach((count, id) => {
      if (count > 0) counts.push({ name: this.genreNames.get(id) as string, count });
    });
    return counts.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1)).slice(0, limit);
  }

  private performerCounts(set: Int32Array, limit: number): FacetCount[] {
    const counts = this.nameCounts;
    let highest = 0;
    for (const id of set) {
      const rank = this.nameRank[id] as number;
      const count = (counts[rank] as number) + 1;
      counts[rank] = count;
      if (count > highest) highest = count;
    }
    const out: FacetCount[] = [];
    // Names that repeat within the set are few: gathered, then ordered by count and name.
    if (highest > 1) {
      const repeated = new Set<number>();
      for (const id of set) {
        const rank = this.nameRank[id] as number;
        if ((counts[rank] as number) > 1) repeated.add(rank);
      }
      const ranks = [...repeated].sort((a, b) => (counts[b] as number) - (counts[a] as number) || a - b);
      for (const rank of ranks.slice(0, limit)) {
        out.push({ name: this.names[rank] as string, count: counts[rank] as number });
      }
    }
    // Then the lowest ranks of the names that occur once: a bounded max-heap keeps them.
    const wanted = limit - out.length;
    if (wanted > 0) {
      const heap = new Int32Array(wanted);
      let size = 0;
      for (const id of set) {
        const rank = this.nameRank[id] as number;
        if (counts[rank] !== 1) continue;
        if (size < wanted) {
          let i = size++;
          heap[i] = rank;
          while (i > 0 && (heap[(i - 1) >> 1] as number) < (heap[i] as number)) {
            const parent = (i - 1) >> 1;
            [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
            i = parent;
          }
        } else if (rank < (heap[0] as number)) {
          heap[0] = rank;
          let i = 0;
          for (;;) {
            const left = 2 * i + 1;
            const right = left + 1;
            let largest = i;
            if (left < size && (heap[left] as number) > (heap[largest] as number)) largest = left;
            if (right < size && (heap[right] as number) > (heap[largest] as number)) largest = right;
            if (largest === i) break;
            [heap[i], heap[largest]] = [heap[largest] as number, heap[i] as number];
            i = largest;
          }
        }
      }
      for (const rank of heap.subarray(0, size).sort())
        out.push({ name: this.names[rank] as string, count: 1 });
    }
    for (const id of set) counts[this.nameRank[id] as number] = 0;
    return out;
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

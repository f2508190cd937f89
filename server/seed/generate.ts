import { catalogTables } from '../catalog/catalog-tables.ts';
import type { Database } from '../db/database.ts';
import {
  artistName,
  catalogPrefix,
  labelName,
  slugify,
  trackTitle,
  UniqueNames,
} from '../generation/names.ts';
import { Random } from '../generation/random.ts';
import { genres, isrcCountries, keys, monthNames } from '../generation/vocabulary.ts';
import { BulkInsert, SeedWriter } from './bulk-insert.ts';
import * as q from './queries.ts';

export { ensureDemoAccounts } from './demo-accounts.ts';

export interface CatalogOptions {
  /** Number of tracks. */
  scale: number;
  seed?: number;
  /**
   * Every track this many seconds long instead of the catalog's 3 to 9 minutes: for tests and
   * benches whose subject is not a file's length (`--track-seconds`, `startTestStore({ trackSeconds })`).
   * The rest of the catalog is the same as without it.
   */
  trackSeconds?: number;
}

export interface CatalogSummary {
  genres: number;
  labels: number;
  artists: number;
  releases: number;
  tracks: number;
  charts: number;
  chartTracks: number;
}

export { catalogTables };

/** A track's length: whole seconds and a part of one, drawn either way so the catalog stays the same. */
const lengthMs = (seconds: number, millis: number) => seconds * 1000 + millis;

export const isCatalogEmpty = async (db: Database) => !(await db.get(q.anyTrack));

/**
 * Fills an empty catalog with a deterministic demo catalog of `scale` tracks: the same seed and
 * scale always give the same rows, so tests and screenshots can rely on them.
 */
export async function generateCatalog(
  db: Database,
  { scale, seed = 1, trackSeconds }: CatalogOptions,
): Promise<CatalogSummary> {
  if (!Number.isSafeInteger(scale) || scale < 1)
    throw new Error('The catalog scale must be a positive whole number.');
  if (trackSeconds !== undefined && (!Number.isSafeInteger(trackSeconds) || trackSeconds < 1))
    throw new Error('Track seconds must be a positive whole number.');
  if (!(await isCatalogEmpty(db)))
    throw new Error('The catalog already has tracks; generate into an empty database.');
  const writer = new SeedWriter(db, catalogTables);
  if (db.engine === 'postgres') {
    const summary = await db.transaction(async () => {
      // Loading and indexing a million tracks takes longer than a request may.
      await db.run(q.noStatementTimeout);
      const built = new CatalogBuilder(writer, scale, seed, trackSeconds).build();
      await writer.finish();
      // The ids were given explicitly: the identity columns continue after the highest.
      for (const table of ['genres', 'labels', 'artists', 'releases', 'tracks', 'charts'] as const) {
        await db.get(q.continueIds(table));
      }
      return built;
    });
    // Statistics for the planner, and the visibility map (index-only scans) now, in one pass:
    // otherwise autovacuum makes the same pass over a million fresh rows while the store serves.
    await db.maintain(`VACUUM (ANALYZE) ${catalogTables.join(', ')}`);
    db.tablesChanged(catalogTables);
    return summary;
  }
  // Every row written refers to ids this generator has just written; checking each reference
  // would cost an index lookup per row, and PRAGMA foreign_keys only changes outside a transaction.
  db.raw.exec('PRAGMA foreign_keys = OFF');
  try {
    return await db.transaction(async () =>
      withoutIndexes(db, () => new CatalogBuilder(writer, scale, seed, trackSeconds).build()),
    );
  } finally {
    db.raw.exec('PRAGMA foreign_keys = ON');
    // The rows went in through the raw connection, unseen by the database's write tracking.
    db.tablesChanged(catalogTables);
  }
}

/**
 * Drops the catalog's secondary indexes while fn bulk-loads, then rebuilds them from their stored
 * definitions: one sorted build per index is much cheaper than a million scattered updates.
 */
function withoutIndexes<T>(db: Database, fn: () => T): T {
  const indexes = db.raw
    .prepare(
      `SELECT name, sql FROM sqlite_master
        WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(catalogTables)) as { name: string; sql: string }[];
  for (const { name } of indexes) db.raw.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
  const result = fn();
  for (const { sql } of indexes) db.raw.exec(sql);
  // Table statistics let the query planner pick the right index on a catalog this size.
  db.raw.exec('PRAGMA analysis_limit = 1000; ANALYZE;');
  return result;
}

const dayMs = 86_400_000;
// A fixed window rather than "the last few years from today", so a seed gives the same catalog on any day.
const firstDay = Date.UTC(2022, 0, 3) / dayMs;
const lastDay = Date.UTC(2026, 9, 30) / dayMs;
const isoDays = Array.from({ length: lastDay - firstDay + 1 }, (_, i) =>
  new Date((firstDay + i) * dayMs).toISOString().slice(0, 10),
);
const isoDay = (day: number) => isoDays[day] as string;

const pricesCents = [
  [129, 30],
  [149, 45],
  [199, 25],
] as const;
const tracksPerRelease = [
  [1, 20],
  [2, 22],
  [3, 20],
  [4, 18],
  [5, 10],
  [6, 10],
] as const;
const versionMixes = ['Extended Mix', 'Radio Edit', 'Dub Mix', 'Instrumental Mix'];
// Every 50th release is a free promotion: about 2% of tracks, and some even in a tiny catalog.
const promotionEvery = 50;
const featuredCount = 12;
const longChartSizes = [1000, 1500, 2500];

class CatalogBuilder {
  private readonly random: Random;
  private readonly artistCount: number;
  private readonly labelCount: number;
  private readonly artistNames: string[] = [];
  private readonly artistGenre: Uint8Array;
  private readonly artistLabel: Int32Array;
  private readonly artistTracks: Int32Array;
  private readonly artistLastDay: Int32Array;
  /** artistId * 64 + genreId -> track count */
  private readonly artistGenreTracks = new Map<number, number>();
  /** artistId * 2^20 + labelId */
  private readonly artistLabels = new Set<number>();
  private readonly labelPrefixes: string[] = [];
  private readonly labelReleases: Int32Array;
  private readonly genreTracks: number[][] = genres.map(() => []);
  private readonly popularity: Int32Array;
  private readonly saleReleaseIds: number[] = [];
  private releaseCount = 0;
  private trackCount = 0;

  private readonly releases: BulkInsert;
  private readonly releaseArtists: BulkInsert;
  private readonly tracks: BulkInsert;
  private readonly trackArtists: BulkInsert;

  private readonly db: SeedWriter;
  private readonly scale: number;
  private readonly trackSeconds: number | undefined;

  constructor(db: SeedWriter, scale: number, seed: number, trackSeconds?: number) {
    this.db = db;
    this.scale = scale;
    this.trackSeconds = trackSeconds;
    this.random = new Random(seed);
    this.artistCount = Math.max(20, Math.round(scale / 20));
    this.labelCount = Math.max(8, Math.round(scale / 200));
    this.artistGenre = new Uint8Array(this.artistCount + 1);
    this.artistLabel = new Int32Array(this.artistCount + 1);
    this.artistTracks = new Int32Array(this.artistCount + 1);
    this.artistLastDay = new Int32Array(this.artistCount + 1).fill(-1);
    this.labelReleases = new Int32Array(this.labelCount + 1);
    this.popularity = new Int32Array(scale + 1);
    this.releases = new BulkInsert(db, 'releases', [
      'id',
      'name',
      'slug',
      'label_id',
      'genre_id',
      'catalog_number',
      'publish_date',
      'price_cents',
    ]);
    this.releaseArtists = new BulkInsert(db, 'release_artists', ['release_id', 'artist_id', 'position']);
    this.tracks = new BulkInsert(db, 'tracks', [
      'id',
      'name',
      'mix_name',
      'slug',
      'release_id',
      'track_number',
      'genre_id',
      'label_id',
      'bpm',
      'key',
      'length_ms',
      'isrc',
      'publish_date',
      'sale_type',
      'price_cents',
      'popularity',
    ]);
    this.trackArtists = new BulkInsert(db, 'track_artists', ['track_id', 'artist_id', 'role', 'position']);
  }

  build(): CatalogSummary {
    this.insertGenres();
    this.insertLabels();
    this.planArtists();
    while (this.trackCount < this.scale) this.addRelease();
    for (const insert of [this.releases, this.releaseArtists, this.tracks, this.trackArtists]) insert.flush();
    this.insertArtists();
    const charts = this.insertCharts();
    this.markFeatured();
    return {
      genres: genres.length,
      labels: this.labelCount,
      artists: this.artistCount,
      releases: this.releaseCount,
      tracks: this.trackCount,
      ...charts,
    };
  }

  private insertGenres() {
    const insert = new BulkInsert(this.db, 'genres', ['id', 'name', 'slug']);
    genres.forEach((genre, i) => {
      insert.add(i + 1, genre.name, slugify(genre.name, 'genre'));
    });
    insert.flush();
  }

  private insertLabels() {
    const names = new UniqueNames(this.random);
    const insert = new BulkInsert(this.db, 'labels', ['id', 'name', 'slug']);
    this.labelPrefixes.push('');
    for (let id = 1; id <= this.labelCount; id++) {
      const name = names.take(() => labelName(this.random));
      this.labelPrefixes.push(catalogPrefix(name));
      insert.add(id, name, slugify(name, 'label'));
    }
    insert.flush();
  }

  /** Names and home genre/label of every artist; rows are written once their counts are known. */
  private planArtists() {
    const names = new UniqueNames(this.random);
    this.artistNames.push('');
    for (let id = 1; id <= this.artistCount; id++) {
      this.artistNames.push(names.take(() => artistName(this.random)));
      this.artistGenre[id] = this.random.int(1, genres.length);
      this.artistLabel[id] = this.random.int(1, this.labelCount);
    }
  }

  /** A few artists release a lot and most release a little, scattered over the id range. */
  private popularArtist(): number {
    const rank = Math.floor(this.artistCount * this.random.next() ** 1.6);
    return 1 + ((rank * 1_000_003) % this.artistCount);
  }

  private otherArtist(exclude: readonly number[]): number {
    let id = this.random.int(1, this.artistCount);
    while (exclude.includes(id)) id = (id % this.artistCount) + 1;
    return id;
  }

  private addRelease() {
    const random = this.random;
    const releaseId = ++this.releaseCount;
    // The first releases introduce every artist once, so no artist is left without a track.
    const mainArtist = releaseId <= this.artistCount ? releaseId : this.popularArtist();
    const artists = [mainArtist];
    if (this.artistCount > 2 && random.chance(0.15)) artists.push(this.otherArtist(artists));
    const genreId = random.chance(0.8)
      ? (this.artistGenre[mainArtist] as number)
      : random.int(1, genres.length);
    const labelId = random.chance(0.7)
      ? (this.artistLabel[mainArtist] as number)
      : random.int(1, this.labelCount);
    const [minBpm, maxBpm] = (genres[genreId - 1] as (typeof genres)[number]).bpm;
    const size = Math.min(random.weighted(tracksPerRelease), this.scale - this.trackCount);
    const promotion = releaseId % promotionEvery === 7;
    const trackPrice = promotion ? 0 : random.weighted(pricesCents);
    // Releases come out in id order over the window, so newer ids are newer music.
    const day = Math.min(
      isoDays.length - 1,
      Math.floor((this.trackCount / this.scale) * isoDays.length) + random.int(0, 2),
    );
    const progress = this.trackCount / this.scale;
    const single = size <= 4 && random.chance(0.55);
    const baseTitle = trackTitle(random);
    const baseBpm = random.int(minBpm, maxBpm);
    const baseKey = random.pick(keys);

    for (let number = 1; number <= size; number++) {
      const trackId = ++this.trackCount;
      const { title, mixName, bpm, key, remixer } = this.trackVersion(number, size, single, artists, {
        title: baseTitle,
        bpm: baseBpm,
        key: baseKey,
        minBpm,
        maxBpm,
      });
      const seconds = trackSeconds(random, mixName);
      const popularity = Math.floor(random.next() ** 3 * 600_000 + progress ** 4 * 400_000);
      this.popularity[trackId] = popularity;
      this.genreTracks[genreId - 1]?.push(trackId);
      this.tracks.add(
        trackId,
        title,
        mixName,
        slugify(title, 'track'),
        releaseId,
        number,
        genreId,
        labelId,
        bpm,
        key,
        lengthMs(this.trackSeconds ?? seconds, random.int(0, 999)),
        this.isrc(labelId, day, trackId),
        isoDay(day),
        promotion ? 'promotion' : 'purchase',
        trackPrice,
        popularity,
      );
      artists.forEach((artistId, i) => {
        this.trackArtists.add(trackId, artistId, 'artist', i + 1);
        this.credit(artistId, genreId, labelId, day);
      });
      if (remixer) {
        this.trackArtists.add(trackId, remixer, 'remixer', 1);
        this.credit(remixer, genreId, labelId, day);
      }
    }

    const name = single ? baseTitle : `${baseTitle} EP`;
    const sequence = (this.labelReleases[labelId] as number) + 1;
    this.labelReleases[labelId] = sequence;
    const catalogNumber = `${this.labelPrefixes[labelId]}${String(sequence).padStart(3, '0')}`;
    // A bundle costs about 15% less than its tracks, rounded to a .99 price.
    const price =
      size === 1 ? trackPrice : promotion ? 0 : Math.round((trackPrice * size * 0.85) / 50) * 50 - 1;
    this.releases.add(
      releaseId,
      name,
      slugify(name, 'release'),
      labelId,
      genreId,
      catalogNumber,
      isoDay(day),
      price,
    );
    artists.forEach((artistId, i) => {
      this.releaseArtists.add(releaseId, artistId, i + 1);
    });
    if (!promotion) this.saleReleaseIds.push(releaseId);
  }

  /**
   * A release's track `number`: a single's later tracks are versions or remixes of its title, an EP's
   * tracks are titles of their own, its last one sometimes a remix. Draws from the seed's random
   * sequence in a fixed order, so a seed always gives the same catalog.
   */
  private trackVersion(
    number: number,
    size: number,
    single: boolean,
    artists: readonly number[],
    base: { title: string; bpm: number; key: string; minBpm: number; maxBpm: number },
  ) {
    const random = this.random;
    const { minBpm, maxBpm } = base;
    let title = base.title;
    let mixName = 'Original Mix';
    let bpm = base.bpm;
    let key = base.key;
    let remixer = 0;
    if (single ? number > 1 : number === size && size > 2 && random.chance(0.3)) {
      if (single && random.chance(0.4)) {
        mixName = versionMixes[(number - 2) % versionMixes.length] as string;
      } else {
        remixer = this.otherArtist(artists);
        const remixerName = this.artistNames[remixer] as string;
        mixName = random.weighted([
          [`${remixerName} Remix`, 80],
          [`${remixerName} Extended Remix`, 10],
          [`${remixerName} Dub`, 10],
        ]);
        bpm = random.int(minBpm, maxBpm);
        key = random.pick(keys);
      }
    } else if (!single) {
      if (number > 1) title = trackTitle(random);
      if (random.chance(0.3)) mixName = 'Extended Mix';
      bpm = random.int(minBpm, maxBpm);
      key = random.pick(keys);
    }
    return { title, mixName, bpm, key, remixer };
  }

  private credit(artistId: number, genreId: number, labelId: number, day: number) {
    this.artistTracks[artistId] = (this.artistTracks[artistId] as number) + 1;
    if (day > (this.artistLastDay[artistId] as number)) this.artistLastDay[artistId] = day;
    const genreKey = artistId * 64 + genreId;
    this.artistGenreTracks.set(genreKey, (this.artistGenreTracks.get(genreKey) ?? 0) + 1);
    this.artistLabels.add(artistId * 2 ** 20 + labelId);
  }

  /** CC-XXX-YY-NNNNN without dashes: country, registrant (per label), year, designation. */
  private isrc(labelId: number, day: number, trackId: number): string {
    const country = isrcCountries[labelId % isrcCountries.length] as string;
    const registrant = (labelId % 36 ** 3).toString(36).toUpperCase().padStart(3, '0');
    const year = isoDay(day).slice(2, 4);
    return `${country}${registrant}${year}${String(trackId % 100_000).padStart(5, '0')}`;
  }

  private insertArtists() {
    const artists = new BulkInsert(this.db, 'artists', [
      'id',
      'name',
      'slug',
      'last_publish_date',
      'track_count',
    ]);
    for (let id = 1; id <= this.artistCount; id++) {
      const name = this.artistNames[id] as string;
      const lastDay = this.artistLastDay[id] as number;
      artists.add(
        id,
        name,
        slugify(name, 'artist'),
        lastDay < 0 ? null : isoDay(lastDay),
        this.artistTracks[id] as number,
      );
    }
    artists.flush();

    const artistGenres = new BulkInsert(this.db, 'artist_genres', ['artist_id', 'genre_id', 'track_count']);
    for (const key of [...this.artistGenreTracks.keys()].sort((a, b) => a - b)) {
      artistGenres.add(Math.floor(key / 64), key % 64, this.artistGenreTracks.get(key) as number);
    }
    artistGenres.flush();

    const artistLabels = new BulkInsert(this.db, 'artist_labels', ['artist_id', 'label_id']);
    for (const key of [...this.artistLabels].sort((a, b) => a - b)) {
      artistLabels.add(Math.floor(key / 2 ** 20), key % 2 ** 20);
    }
    artistLabels.flush();
  }

  /** Per-genre top charts, artist-curated charts, and a few very long ones for "load more". */
  private insertCharts(): { charts: number; chartTracks: number } {
    const random = this.random;
    const charts = new BulkInsert(this.db, 'charts', [
      'id',
      'name',
      'slug',
      'genre_id',
      'curator_artist_id',
      'publish_date',
    ]);
    const chartTracks = new BulkInsert(this.db, 'chart_tracks', ['chart_id', 'position', 'track_id']);
    let chartId = 0;
    const addChart = (
      name: string,
      genreId: number | null,
      curator: number | null,
      day: number,
      trackIds: number[],
    ) => {
      charts.add(++chartId, name, slugify(name, 'chart'), genreId, curator, isoDay(day));
      trackIds.forEach((trackId, i) => {
        chartTracks.add(chartId, i + 1, trackId);
      });
    };
    const recentDay = () => isoDays.length - 1 - random.int(0, 364);

    genres.forEach((genre, i) => {
      const pool = this.genreTracks[i] as number[];
      if (pool.length === 0) return;
      const top = [...pool].sort(
        (a, b) => (this.popularity[b] as number) - (this.popularity[a] as number) || a - b,
      );
      addChart(`${genre.name} Top 100`, i + 1, null, isoDays.length - 1, top.slice(0, 100));
    });

    const allTracks = Array.from({ length: this.trackCount }, (_, i) => i + 1);
    const curated = Math.min(500, Math.max(8, Math.round(this.scale / 2000)));
    for (let n = 0; n < curated; n++) {
      const curator = this.popularArtist();
      const curatorName = this.artistNames[curator] as string;
      const day = recentDay();
      const size = random.int(10, 100);
      const genrePool = this.genreTracks[(this.artistGenre[curator] as number) - 1] as number[];
      const month = `${monthNames[Number(isoDay(day).slice(5, 7)) - 1]} ${isoDay(day).slice(0, 4)}`;
      const name = random.weighted([
        [`${curatorName}'s ${month} Chart`, 50],
        [`${curatorName} Selects`, 25],
        [`${curatorName}: ${trackTitle(random)}`, 25],
      ]);
      addChart(
        name,
        null,
        curator,
        day,
        random.sample(genrePool.length >= size ? genrePool : allTracks, size),
      );
    }

    longChartSizes.forEach((size, i) => {
      const picked = random.sample(allTracks, size);
      addChart(
        `Crate Diggers Vol. ${i + 1}: ${picked.length.toLocaleString('en-US')} Deep Cuts`,
        null,
        null,
        recentDay(),
        picked,
      );
    });

    charts.flush();
    chartTracks.flush();
    return { charts: charts.inserted, chartTracks: chartTracks.inserted };
  }

  private markFeatured() {
    const recent = this.saleReleaseIds.slice(-200);
    const featured = this.random.sample(recent, featuredCount);
    this.db.write('UPDATE releases SET featured = 1 WHERE id IN (SELECT value FROM json_each(?))', [
      JSON.stringify(featured),
    ]);
  }
}

/** A track's length in seconds: radio edits are short, extended mixes long. */
function trackSeconds(random: Random, mixName: string): number {
  if (mixName.includes('Radio')) return random.int(180, 240);
  if (mixName.includes('Extended')) return random.int(360, 540);
  return random.int(240, 480);
}

import { randomInt } from 'node:crypto';
import type { Release } from '../../lib/contract/wire.ts';
import { announceCatalogWrite } from '../catalog/catalog-changes.ts';
import { catalogTables } from '../catalog/catalog-tables.ts';
import { loadReleases } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import { slugify, trackTitle } from '../generation/names.ts';
import { Random } from '../generation/random.ts';
import { genres, keys } from '../generation/vocabulary.ts';
import { notFound } from '../http/api-error.ts';

/**
 * The operator's "publish a release now" (npm run store:publish): a new release with its tracks,
 * dated today, by an artist on a label, written like the seed writes the catalog (the artist's
 * last publish date, track count, genres and labels follow), then announced to every instance's
 * catalog caches (catalog-changes.ts).
 */

export interface PublishRequest {
  artistId?: number;
  labelId?: number;
  tracks: number;
}

export const maxPublishedTracks = 20;

/** Kysely's builder over the store's one schema (server/db/schema.ts). */
const builder = (db: Database) => db.kysely;

type Compiled = { sql: string; parameters: readonly unknown[] };
const rows = <T>(db: Database, query: { compile(): Compiled }) => {
  const { sql, parameters } = query.compile();
  return db.all<T>(sql, ...(parameters as never[]));
};
const run = (db: Database, query: { compile(): Compiled }) => {
  const { sql, parameters } = query.compile();
  return db.run(sql, ...(parameters as never[]));
};

/** The newest release of an artist or a label: who and where a release "like theirs" comes from. */
async function newestRelease(db: Database, by: { artistId?: number; labelId?: number }) {
  let query = builder(db)
    .selectFrom('releases as r')
    .innerJoin('release_artists as ra', 'ra.release_id', 'r.id')
    .select(['ra.artist_id as artistId', 'r.label_id as labelId', 'r.genre_id as genreId'])
    .orderBy('r.publish_date', 'desc')
    .orderBy('r.id', 'desc')
    .orderBy('ra.position')
    .limit(1);
  if (by.artistId !== undefined) query = query.where('ra.artist_id', '=', by.artistId);
  if (by.labelId !== undefined) query = query.where('r.label_id', '=', by.labelId);
  const [row] = await rows<{ artistId: number; labelId: number; genreId: number }>(db, query);
  return row;
}

async function exists(db: Database, table: 'artists' | 'labels', id: number): Promise<string | undefined> {
  const [row] = await rows<{ name: string }>(
    db,
    builder(db).selectFrom(table).select('name').where('id', '=', id),
  );
  return row?.name;
}

/** Who, where and which genre: what is given, the rest from their newest release. */
async function resolveCredits(db: Database, request: PublishRequest) {
  if (request.artistId !== undefined && !(await exists(db, 'artists', request.artistId))) {
    throw notFound(`There is no artist with id ${request.artistId}.`);
  }
  const labelName = request.labelId === undefined ? undefined : await exists(db, 'labels', request.labelId);
  if (request.labelId !== undefined && !labelName) {
    throw notFound(`There is no label with id ${request.labelId}.`);
  }
  const like =
    (request.artistId !== undefined ? await newestRelease(db, { artistId: request.artistId }) : undefined) ??
    (request.labelId !== undefined ? await newestRelease(db, { labelId: request.labelId }) : undefined) ??
    (await newestRelease(db, {}));
  const artistId = request.artistId ?? like?.artistId ?? 1;
  const labelId = request.labelId ?? like?.labelId ?? 1;
  const label = labelName ?? (await exists(db, 'labels', labelId)) ?? 'Crate';
  return { artistId, labelId, genreId: like?.genreId ?? 1, label };
}

const today = () => new Date().toISOString().slice(0, 10);

async function insertTracks(
  db: Database,
  release: { id: number; name: string; labelId: number; genreId: number; artistId: number; day: string },
  count: number,
  random: Random,
): Promise<void> {
  const [minBpm, maxBpm] = genres[release.genreId - 1]?.bpm ?? [120, 130];
  for (let number = 1; number <= count; number++) {
    const title = number === 1 ? release.name : trackTitle(random);
    const [track] = await rows<{ id: number }>(
      db,
      builder(db)
        .insertInto('tracks')
        .values({
          name: title,
          mix_name: number === 1 ? 'Original Mix' : 'Extended Mix',
          slug: slugify(title, 'track'),
          release_id: release.id,
          track_number: number,
          genre_id: release.genreId,
          label_id: release.labelId,
          bpm: random.int(minBpm, maxBpm),
          key: random.pick(keys),
          length_ms: random.int(240, 480) * 1000,
          isrc: `QZ${String(release.labelId % 1000).padStart(3, '0')}${release.day.slice(2, 4)}${String(release.id % 100_000).padStart(5, '0')}`,
          publish_date: release.day,
          sale_type: 'purchase',
          price_cents: 149,
          // New music is what people look at: near the top of the label's and genre's charts.
          popularity: 900_000 + random.int(0, 99_999),
        })
        .returning('id'),
    );
    await run(
      db,
      builder(db)
        .insertInto('track_artists')
        .values({ track_id: track?.id as number, artist_id: release.artistId, role: 'artist', position: 1 }),
    );
  }
}

/** The artist's catalog facts the artist index reads: last publish date, track count, genres, labels. */
async function creditArtist(
  db: Database,
  release: { artistId: number; labelId: number; genreId: number; day: string },
  tracks: number,
): Promise<void> {
  await run(
    db,
    builder(db)
      .updateTable('artists')
      .set((eb) => ({ last_publish_date: release.day, track_count: eb('track_count', '+', tracks) }))
      .where('id', '=', release.artistId),
  );
  await run(
    db,
    builder(db)
      .insertInto('artist_genres')
      .values({ artist_id: release.artistId, genre_id: release.genreId, track_count: tracks })
      .onConflict((oc) =>
        oc
          .columns(['artist_id', 'genre_id'])
          .doUpdateSet((eb) => ({ track_count: eb('artist_genres.track_count', '+', tracks) })),
      ),
  );
  await run(
    db,
    builder(db)
      .insertInto('artist_labels')
      .values({ artist_id: release.artistId, label_id: release.labelId })
      .onConflict((oc) => oc.columns(['artist_id', 'label_id']).doNothing()),
  );
}

export async function publishRelease(ctx: StoreContext, request: PublishRequest): Promise<Release> {
  const { db } = ctx;
  const random = new Random(randomInt(1, 2 ** 31));
  const { id, announced } = await db.transaction(async () => {
    const { artistId, labelId, genreId, label } = await resolveCredits(db, request);
    const name = trackTitle(random);
    const day = today();
    const [release] = await rows<{ id: number }>(
      db,
      builder(db)
        .insertInto('releases')
        .values({
          name,
          slug: slugify(name, 'release'),
          label_id: labelId,
          genre_id: genreId,
          catalog_number: `${slugify(label, 'crate').slice(0, 3).toUpperCase()}${random.int(100, 999)}`,
          publish_date: day,
          price_cents: 149 * request.tracks,
          featured: 0,
        })
        .returning('id'),
    );
    const releaseId = release?.id as number;
    await run(
      db,
      builder(db)
        .insertInto('release_artists')
        .values({ release_id: releaseId, artist_id: artistId, position: 1 }),
    );
    const credits = { id: releaseId, name, labelId, genreId, artistId, day };
    await insertTracks(db, credits, request.tracks, random);
    await creditArtist(db, credits, request.tracks);
    return { id: releaseId, announced: await announceCatalogWrite(db) };
  });
  db.tablesChanged(catalogTables);
  await announced();
  const published = (await loadReleases(ctx, [id])).get(id);
  if (!published) throw new Error(`Release ${id} vanished right after it was published.`);
  return published;
}

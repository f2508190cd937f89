import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { query } from '../db/prepared.ts';
import type { Schema } from '../db/schema.ts';

/** The statements of the catalog's detail pages (detail-pages.ts), compiled once per engine. */

/** A genre's, label's or artist's tracks: the lists a page ranks by popularity. */
type TracksOf = 'genre' | 'label' | 'artist';

const tracksOf =
  (of: TracksOf, id: number) => (eb: ExpressionBuilder<Schema & { t: Schema['tracks'] }, 't'>) =>
    of === 'genre'
      ? eb('t.genre_id', '=', id)
      : of === 'label'
        ? eb('t.label_id', '=', id)
        : eb('t.id', 'in', eb.selectFrom('track_artists').select('track_id').where('artist_id', '=', id));

/** How many top tracks there are, counted no further than the cap. */
const topCount = (of: TracksOf, cap: number) =>
  query((db, a: { id: number }) =>
    db
      .selectFrom(
        db
          .selectFrom('tracks as t')
          .select(sql.lit(1).as('one'))
          .where(tracksOf(of, a.id))
          .limit(sql.lit(cap))
          .as('top'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n')),
  );

const topIds = (of: TracksOf) =>
  query((db, a: { id: number; limit: number; offset: number }) =>
    db
      .selectFrom('tracks as t')
      .select('t.id')
      .where(tracksOf(of, a.id))
      .orderBy('t.popularity', 'desc')
      .orderBy('t.id')
      .limit(a.limit)
      .offset(a.offset),
  );

/** Per kind of page, its top tracks' count (capped at `cap`) and a slice of their ids. */
export const topTracks = (cap: number) => ({
  genre: { count: topCount('genre', cap), ids: topIds('genre') },
  label: { count: topCount('label', cap), ids: topIds('label') },
  artist: { count: topCount('artist', cap), ids: topIds('artist') },
});

const chartSelect = (db: Kysely<Schema>) =>
  db
    .selectFrom('charts as c')
    .leftJoin('genres as g', 'g.id', 'c.genre_id')
    .leftJoin('artists as a', 'a.id', 'c.curator_artist_id')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.slug',
      'c.publish_date',
      'g.id as genre_id',
      'g.name as genre_name',
      'g.slug as genre_slug',
      'a.id as curator_id',
      'a.name as curator_name',
      'a.slug as curator_slug',
      eb
        .selectFrom('chart_tracks as ct')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('ct.chart_id', '=', 'c.id')
        .$asScalar()
        .$notNull()
        .as('track_count'),
    ]);

export const chartById = query((db, a: { id: number }) => chartSelect(db).where('c.id', '=', a.id));

export const chartsOfGenre = query((db, a: { genreId: number; limit: number }) =>
  chartSelect(db)
    .where('c.genre_id', '=', a.genreId)
    .orderBy('c.publish_date', 'desc')
    .orderBy('c.id', 'desc')
    .limit(a.limit),
);

export const newestCharts = query((db, a: { limit: number }) =>
  chartSelect(db).orderBy('c.publish_date', 'desc').orderBy('c.id', 'desc').limit(a.limit),
);

export const chartTrackIds = query((db, a: { chartId: number; limit: number; offset: number }) =>
  db
    .selectFrom('chart_tracks')
    .select('track_id as id')
    .where('chart_id', '=', a.chartId)
    .orderBy('position')
    .limit(a.limit)
    .offset(a.offset),
);

export const genreRef = query((db, a: { id: number }) =>
  db.selectFrom('genres').select(['id', 'name', 'slug']).where('id', '=', a.id),
);

export const labelRef = query((db, a: { id: number }) =>
  db.selectFrom('labels').select(['id', 'name', 'slug']).where('id', '=', a.id),
);

export const genresByName = query((db) =>
  db.selectFrom('genres').select(['id', 'name', 'slug']).orderBy('name'),
);

export const featuredReleaseIds = query((db, a: { limit: number }) =>
  db
    .selectFrom('releases')
    .select('id')
    .where('featured', '=', sql.lit(1))
    .orderBy('publish_date', 'desc')
    .orderBy('id', 'desc')
    .limit(a.limit),
);

export const newReleaseIds = query((db, a: { limit: number }) =>
  db.selectFrom('releases').select('id').orderBy('publish_date', 'desc').orderBy('id', 'desc').limit(a.limit),
);

export const popularTrackIds = query((db, a: { limit: number }) =>
  db.selectFrom('tracks').select('id').orderBy('popularity', 'desc').orderBy('id').limit(a.limit),
);

export const genreReleaseIds = query((db, a: { genreId: number; limit: number }) =>
  db
    .selectFrom('releases')
    .select('id')
    .where('genre_id', '=', a.genreId)
    .orderBy('publish_date', 'desc')
    .orderBy('id', 'desc')
    .limit(a.limit),
);

export const labelReleaseIds = query((db, a: { labelId: number; limit: number }) =>
  db
    .selectFrom('releases')
    .select('id')
    .where('label_id', '=', a.labelId)
    .orderBy('publish_date', 'desc')
    .orderBy('id', 'desc')
    .limit(a.limit),
);

export const artistReleaseIds = query((db, a: { artistId: number; limit: number }) =>
  db
    .selectFrom('release_artists as ra')
    .innerJoin('releases as r', 'r.id', 'ra.release_id')
    .select('r.id')
    .where('ra.artist_id', '=', a.artistId)
    .orderBy('r.publish_date', 'desc')
    .orderBy('r.id', 'desc')
    .limit(a.limit),
);

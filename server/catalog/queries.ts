import { sql } from 'kysely';
import { idsIn, query } from '../db/prepared.ts';

/** The catalog's statements (records.ts, artist-records.ts, artist-index.ts), compiled once per engine. */

export const formatFees = query((db) =>
  db.selectFrom('audio_formats').select(['name', 'fee_cents']).orderBy('position'),
);

export const trackRows = query((db, a: { ids: readonly number[] }) =>
  db
    .selectFrom('tracks as t')
    .innerJoin('genres as g', 'g.id', 't.genre_id')
    .innerJoin('labels as l', 'l.id', 't.label_id')
    .innerJoin('releases as r', 'r.id', 't.release_id')
    .select([
      't.id',
      't.name',
      't.mix_name',
      't.slug',
      't.bpm',
      't.key',
      't.length_ms',
      't.isrc',
      't.publish_date',
      't.sale_type',
      't.price_cents',
      'g.id as genre_id',
      'g.name as genre_name',
      'g.slug as genre_slug',
      'l.id as label_id',
      'l.name as label_name',
      'l.slug as label_slug',
      'r.id as release_id',
      'r.name as release_name',
      'r.slug as release_slug',
    ])
    .where('t.id', 'in', idsIn(a.ids)),
);

export const trackCredits = query((db, a: { ids: readonly number[] }) =>
  db
    .selectFrom('track_artists as ta')
    .innerJoin('artists as a', 'a.id', 'ta.artist_id')
    .select(['ta.track_id as owner_id', 'ta.role', 'a.id', 'a.name', 'a.slug'])
    .where('ta.track_id', 'in', idsIn(a.ids))
    .orderBy('ta.track_id')
    .orderBy('ta.role')
    .orderBy('ta.position'),
);

export const releaseRows = query((db, a: { ids: readonly number[] }) =>
  db
    .selectFrom('releases as r')
    .innerJoin('genres as g', 'g.id', 'r.genre_id')
    .innerJoin('labels as l', 'l.id', 'r.label_id')
    .select([
      'r.id',
      'r.name',
      'r.slug',
      'r.catalog_number',
      'r.publish_date',
      'r.price_cents',
      'g.id as genre_id',
      'g.name as genre_name',
      'g.slug as genre_slug',
      'l.id as label_id',
      'l.name as label_name',
      'l.slug as label_slug',
    ])
    .where('r.id', 'in', idsIn(a.ids)),
);

export const releaseArtists = query((db, a: { ids: readonly number[] }) =>
  db
    .selectFrom('release_artists as ra')
    .innerJoin('artists as a', 'a.id', 'ra.artist_id')
    .select([
      'ra.release_id as owner_id',
      sql.lit('artist').$castTo<'artist'>().as('role'),
      'a.id',
      'a.name',
      'a.slug',
    ])
    .where('ra.release_id', 'in', idsIn(a.ids))
    .orderBy('ra.release_id')
    .orderBy('ra.position'),
);

/** Everyone who remixed a track of each release, by name. */
export const releaseRemixers = query((db, a: { ids: readonly number[] }) =>
  db
    .selectFrom('tracks as t')
    .innerJoin('track_artists as ta', (join) =>
      join.onRef('ta.track_id', '=', 't.id').on('ta.role', '=', sql.lit('remixer')),
    )
    .innerJoin('artists as a', 'a.id', 'ta.artist_id')
    .select([
      't.release_id as owner_id',
      sql.lit('remixer').$castTo<'remixer'>().as('role'),
      'a.id',
      'a.name',
      'a.slug',
    ])
    .distinct()
    .where('t.release_id', 'in', idsIn(a.ids))
    .orderBy('t.release_id')
    .orderBy('a.name'),
);

export const releaseTrackIds = query((db, a: { ids: readonly number[] }) =>
  db
    .selectFrom('tracks')
    .select(['release_id', 'id'])
    .where('release_id', 'in', idsIn(a.ids))
    .orderBy('release_id')
    .orderBy('track_number'),
);

export const artistRows = query((db, a: { ids: readonly number[] }) =>
  db
    .selectFrom('artists')
    .select(['id', 'name', 'slug', 'last_publish_date', 'track_count'])
    .where('id', 'in', idsIn(a.ids)),
);

export const artistGenres = query((db, a: { ids: readonly number[] }) =>
  db
    .selectFrom('artist_genres as ag')
    .innerJoin('genres as g', 'g.id', 'ag.genre_id')
    .select(['ag.artist_id', 'g.id', 'g.name'])
    .where('ag.artist_id', 'in', idsIn(a.ids))
    .orderBy('ag.artist_id')
    .orderBy('ag.track_count', 'desc')
    .orderBy('g.name'),
);

/** The artist index's whole tables (artist-index.ts), read once. */
export const allArtists = query((db) =>
  db.selectFrom('artists').select(['id', 'name', 'slug', 'last_publish_date', 'track_count']).orderBy('id'),
);

/** Each artist's genres, most tracks first (the record's order). */
export const allArtistGenres = query((db) =>
  db
    .selectFrom('artist_genres as ag')
    .innerJoin('genres as g', 'g.id', 'ag.genre_id')
    .select(['ag.artist_id', 'ag.genre_id'])
    .orderBy('ag.artist_id')
    .orderBy('ag.track_count', 'desc')
    .orderBy('g.name'),
);

export const allGenreNames = query((db) => db.selectFrom('genres').select(['id', 'name']));

export const allArtistLabels = query((db) =>
  db.selectFrom('artist_labels').select(['artist_id', 'label_id']).orderBy('label_id').orderBy('artist_id'),
);

import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { LibraryEntry } from '../../lib/contract/wire.ts';
import { idsIn, query, unixepoch } from '../db/prepared.ts';
import type { Schema } from '../db/schema.ts';

/** The download library's statements (library.ts), compiled once per engine. */

const columns = [
  'id',
  'user_id',
  'track_id',
  'audio_format',
  'status',
  'purchased_at',
  'last_initiated_at',
] as const;

/**
 * The status a client sees, given the link lifetime and the current Unix time. A link made at
 * initiation expires at the whole second of last_initiated_at plus the lifetime (links.ts);
 * unixepoch() drops the fraction the same way. An entry marked initiated at no known time
 * (unixepoch(NULL) is NULL) has no live link: re-download.
 */
const shownStatus = (eb: ExpressionBuilder<Schema, 'downloads'>, ttlSeconds: number, nowSeconds: number) =>
  eb
    .case()
    .when('status', '=', sql.lit('available'))
    .then(sql.lit('available'))
    .when(eb(unixepoch('last_initiated_at'), '+', ttlSeconds), '>', nowSeconds)
    .then(sql.lit('downloaded'))
    .else(sql.lit('re-download'))
    .end()
    .$castTo<LibraryEntry['status']>()
    .as('shown_status');

type PageArguments = {
  userId: number;
  ttlSeconds: number;
  nowSeconds: number;
  /** A JSON list of statuses, or null for all. */
  statuses: string | null;
};

// A status matches with its quotes, so "downloaded" does not match inside "re-download".
const shownRows = (db: Kysely<Schema>, a: PageArguments) =>
  db
    .selectFrom(
      db
        .selectFrom('downloads')
        .select((eb) => [...columns, shownStatus(eb, a.ttlSeconds, a.nowSeconds)])
        .where('user_id', '=', a.userId)
        .as('shown'),
    )
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.cast(eb.val(a.statuses), 'text'), 'is', null),
        eb(eb.cast(eb.val(a.statuses), 'text'), 'like', sql<string>`'%"' || shown_status || '"%'`),
      ]),
    );

export const libraryCount = query((db, a: PageArguments) =>
  db.selectFrom(shownRows(db, a).as('page')).select((eb) => eb.fn.countAll<number>().as('n')),
);

/** One page of the library, newest purchase first. */
export const libraryRows = query((db, a: PageArguments & { limit: number; offset: number }) =>
  shownRows(db, a).orderBy('purchased_at', 'desc').orderBy('id', 'desc').limit(a.limit).offset(a.offset),
);

export const downloadById = query((db, a: { id: number }) =>
  db.selectFrom('downloads').select(columns).where('id', '=', a.id),
);

export const usersDownloads = query((db, a: { userId: number; ids: readonly number[] }) =>
  db.selectFrom('downloads').select(columns).where('user_id', '=', a.userId).where('id', 'in', idsIn(a.ids)),
);

export const markInitiated = query((db, a: { userId: number; ids: readonly number[]; now: string }) =>
  db
    .updateTable('downloads')
    .set({ status: sql.lit('downloaded'), last_initiated_at: a.now })
    .where('user_id', '=', a.userId)
    .where('id', 'in', idsIn(a.ids)),
);

export const trackSaleType = query((db, a: { id: number }) =>
  db.selectFrom('tracks').select('sale_type').where('id', '=', a.id),
);

/** A free track in the library, once per format. */
export const addPromotion = query(
  (db, a: { userId: number; trackId: number; format: Schema['downloads']['audio_format']; now: string }) =>
    db
      .insertInto('downloads')
      .values({
        user_id: a.userId,
        track_id: a.trackId,
        audio_format: a.format,
        source: sql.lit('promotion'),
        purchased_at: a.now,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'track_id', 'audio_format']).doNothing()),
);

export const markTrackInitiated = query(
  (db, a: { userId: number; trackId: number; format: Schema['downloads']['audio_format']; now: string }) =>
    db
      .updateTable('downloads')
      .set({ status: sql.lit('downloaded'), last_initiated_at: a.now })
      .where('user_id', '=', a.userId)
      .where('track_id', '=', a.trackId)
      .where('audio_format', '=', a.format)
      .returning(columns),
);

/** What only the release knows of a track, for a file's tags (file-tags.ts). */
export const releaseFacts = query((db, a: { trackId: number }) =>
  db
    .selectFrom('tracks as t')
    .innerJoin('releases as r', 'r.id', 't.release_id')
    .select((eb) => [
      't.track_number',
      'r.catalog_number',
      'r.publish_date',
      eb
        .selectFrom('tracks as rt')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('rt.release_id', '=', 'r.id')
        .$asScalar()
        .$notNull()
        .as('track_total'),
    ])
    .where('t.id', '=', a.trackId),
);

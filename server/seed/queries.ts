import { sql } from 'kysely';
import { query } from '../db/prepared.ts';

/** The seed's statements outside its bulk load (bulk-insert.ts), compiled once per engine. */

export const anyTrack = query((db) => db.selectFrom('tracks').select(sql.lit(1).as('one')).limit(sql.lit(1)));

/** A featured release of several tracks, for the demo account's second order. */
export const demoRelease = query((db) =>
  db
    .selectFrom('releases as r')
    .select('r.id')
    .where('r.featured', '=', sql.lit(1))
    .where('r.price_cents', '>', sql.lit(0))
    .where(
      (eb) =>
        eb
          .selectFrom('tracks as t')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('t.release_id', '=', 'r.id')
          .$asScalar(),
      '>',
      sql.lit(1),
    )
    .orderBy('r.id')
    .limit(sql.lit(1)),
);

export const popularPurchases = query((db, a: { notOfRelease: number; limit: number }) =>
  db
    .selectFrom('tracks')
    .select('id')
    .where('sale_type', '=', sql.lit('purchase'))
    .where('release_id', '<>', a.notOfRelease)
    .orderBy('popularity', 'desc')
    .orderBy('id')
    .limit(a.limit),
);

/** PostgreSQL, in the seed's transaction: loading a million tracks takes longer than a request may. */
export const noStatementTimeout = query(() => sql`SET LOCAL statement_timeout = 0`);

/**
 * PostgreSQL: an identity column continues after the highest id the seed gave explicitly. The
 * builder has no setval; the table is one of the seed's own names.
 */
export const continueIds = (table: 'genres' | 'labels' | 'artists' | 'releases' | 'tracks' | 'charts') =>
  query(
    () =>
      sql<{
        setval: number;
      }>`SELECT setval(pg_get_serial_sequence(${sql.lit(table)}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.table(table)}), false)`,
  );

/** PostgreSQL: foreign keys from or to these tables, with what makes them again. */
export const foreignKeysOf = query(
  (_db, a: { tables: string }) =>
    sql<{ name: string; tbl: string; definition: string }>`
    SELECT c.conname AS name, c.conrelid::regclass::text AS tbl, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c
     WHERE c.contype = 'f'
       AND (c.conrelid::regclass::text IN (SELECT value::text FROM jsonb_array_elements_text(${a.tables}::jsonb))
         OR c.confrelid::regclass::text IN (SELECT value::text FROM jsonb_array_elements_text(${a.tables}::jsonb)))`,
);

/** PostgreSQL: the indexes of these tables that back no constraint, with their definitions. */
export const plainIndexesOf = query(
  (_db, a: { tables: string }) =>
    sql<{ name: string; definition: string }>`
    SELECT i.indexname AS name, i.indexdef AS definition
      FROM pg_indexes i
     WHERE i.schemaname = current_schema()
       AND i.tablename IN (SELECT value::text FROM jsonb_array_elements_text(${a.tables}::jsonb))
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
);

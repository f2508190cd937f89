import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../../server/db/database.ts';
import { idsIn, query } from '../../server/db/prepared.ts';
import { type TestDatabase, testDatabase } from '../helpers/test-database.ts';

// Counts how often Kysely is asked to build the statement: once per engine, whatever the calls.
let builds = 0;
const genresNamed = query((db, a: { prefix: string; ids: readonly number[]; limit: number }) => {
  builds++;
  return db
    .selectFrom('genres')
    .select(['id', 'name'])
    .where('name', 'like', a.prefix)
    .where('id', 'in', idsIn(a.ids))
    .where('slug', '<>', 'not-a-slug')
    .orderBy('id')
    .limit(a.limit);
});
const addGenre = query((db, a: { name: string; slug: string }) =>
  db.insertInto('genres').values({ name: a.name, slug: a.slug }).returning('id'),
);
// One argument used twice: both places get its value.
const twice = query(
  (_db, a: { n: number }) =>
    sql<{ sum: number }>`SELECT CAST(${a.n} AS INTEGER) + CAST(${a.n} AS INTEGER) AS sum`,
);

describe('queries built once and run as prepared statements', () => {
  let dir: string;
  let database: TestDatabase;
  let db: Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'crate-queries-'));
    database = await testDatabase(dir);
    db = await Database.open(database.location);
  });
  afterEach(async () => {
    await db.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('binds named arguments, lists and the builder’s own constants on every call, compiling once', async () => {
    const first = (await db.get(addGenre, { name: 'Acid Jazz', slug: 'acid-jazz' }))?.id as number;
    const second = (await db.get(addGenre, { name: 'Acid House', slug: 'acid-house' }))?.id as number;
    const third = (await db.get(addGenre, { name: 'Ambient', slug: 'ambient' }))?.id as number;
    const before = builds;
    expect(await db.all(genresNamed, { prefix: 'Acid%', ids: [first, second, third], limit: 10 })).toEqual([
      { id: first, name: 'Acid Jazz' },
      { id: second, name: 'Acid House' },
    ]);
    expect(await db.all(genresNamed, { prefix: 'A%', ids: [third, second], limit: 1 })).toEqual([
      { id: second, name: 'Acid House' },
    ]);
    expect(await db.all(genresNamed, { prefix: '%', ids: [], limit: 10 })).toEqual([]);
    expect(builds - before).toBeLessThanOrEqual(1);
    expect(Number((await db.get(twice, { n: 21 }))?.sum)).toBe(42);
  });

  it('refuses a call without an argument the query needs, and writes nothing', async () => {
    await expect(db.run(addGenre, { name: 'Dub' } as never)).rejects.toThrow('needs the argument slug');
    expect(await db.all(genresNamed, { prefix: 'Dub', ids: [1, 2, 3], limit: 10 })).toEqual([]);
  });

  it('tells the catalog caches about writes made through a query', async () => {
    const version = db.tablesVersion(['genres']);
    await db.run(addGenre, { name: 'Techno', slug: 'techno' });
    expect(db.tablesVersion(['genres'])).not.toBe(version);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Database } from '../../server/db/database.ts';
import {
  catalogTables,
  ensureDemoAccounts,
  generateCatalog,
  isCatalogEmpty,
} from '../../server/seed/generate.ts';

async function seeded(scale: number, seed?: number) {
  const db = await Database.open(':memory:');
  const summary = await generateCatalog(db, { scale, seed });
  return { db, summary };
}

async function checksum(db: Database): Promise<string> {
  const hash = createHash('sha256');
  for (const table of catalogTables) {
    const rows = (await db.all(`SELECT * FROM ${table}`)).map((row) => JSON.stringify(row));
    for (const row of rows.sort()) hash.update(row);
  }
  return hash.digest('hex');
}

const count = async (db: Database, sql: string, ...params: (string | number)[]) =>
  ((await db.get<{ n: number }>(sql, ...params)) as { n: number }).n;

describe('demo catalog generator', () => {
  it('gives the same catalog for the same seed and scale, another for another seed', async () => {
    const first = await seeded(400, 7);
    const again = await seeded(400, 7);
    const other = await seeded(400, 8);
    expect(await checksum(again.db)).toBe(await checksum(first.db));
    expect(await checksum(other.db)).not.toBe(await checksum(first.db));
    expect(again.summary).toEqual(first.summary);
  });

  it('fills every catalog table at a small scale, long charts capped at what exists', async () => {
    const { db, summary } = await seeded(300);
    expect(await isCatalogEmpty(db)).toBe(false);
    expect(summary.tracks).toBe(300);
    for (const table of catalogTables)
      expect(await count(db, `SELECT count(*) AS n FROM ${table}`), table).toBeGreaterThan(0);
    expect(await count(db, 'SELECT count(*) AS n FROM tracks')).toBe(300);
    expect(await count(db, 'SELECT count(*) AS n FROM genres')).toBeGreaterThanOrEqual(20);
    expect(await count(db, 'SELECT count(*) AS n FROM releases')).toBe(summary.releases);
    expect(await count(db, 'SELECT count(*) AS n FROM releases WHERE featured = 1')).toBe(12);
    const sizes = await db.all<{ n: number }>('SELECT count(*) AS n FROM tracks GROUP BY release_id');
    expect(Math.min(...sizes.map((s) => s.n))).toBeGreaterThanOrEqual(1);
    expect(Math.max(...sizes.map((s) => s.n))).toBeLessThanOrEqual(6);
    const chartSizes = await db.all<{ n: number }>(
      'SELECT count(*) AS n FROM chart_tracks GROUP BY chart_id',
    );
    expect(Math.max(...chartSizes.map((s) => s.n))).toBe(300);
    expect(
      await count(db, 'SELECT count(*) AS n FROM charts WHERE curator_artist_id IS NOT NULL'),
    ).toBeGreaterThan(0);
    await expect(generateCatalog(db, { scale: 10 })).rejects.toThrow(/already has tracks/);
  });

  it('makes a thousand-track chart at the default scale', async () => {
    const { db } = await seeded(5000);
    expect(
      await count(db, 'SELECT max(n) AS n FROM (SELECT count(*) AS n FROM chart_tracks GROUP BY chart_id)'),
    ).toBeGreaterThanOrEqual(1000);
  });

  it('writes plausible tracks: tempo, length, price, promotions, ISRC, slugs, remixers', async () => {
    const { db } = await seeded(2000);
    expect(await count(db, 'SELECT count(*) AS n FROM tracks WHERE bpm NOT BETWEEN 70 AND 175')).toBe(0);
    expect(
      await count(db, 'SELECT count(*) AS n FROM tracks WHERE length_ms NOT BETWEEN 180000 AND 540999'),
    ).toBe(0);
    expect(
      await count(
        db,
        `SELECT count(*) AS n FROM tracks WHERE sale_type = 'purchase' AND price_cents NOT IN (129, 149, 199)`,
      ),
    ).toBe(0);
    const promotions = await count(db, `SELECT count(*) AS n FROM tracks WHERE sale_type = 'promotion'`);
    expect(promotions / 2000).toBeGreaterThan(0.005);
    expect(promotions / 2000).toBeLessThan(0.05);
    expect(
      await count(db, `SELECT count(*) AS n FROM tracks WHERE sale_type = 'promotion' AND price_cents <> 0`),
    ).toBe(0);
    expect(
      await count(
        db,
        `SELECT count(*) AS n FROM tracks WHERE isrc NOT GLOB '[A-Z][A-Z][A-Z0-9][A-Z0-9][A-Z0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'`,
      ),
    ).toBe(0);
    for (const table of ['genres', 'labels', 'artists', 'releases', 'tracks', 'charts']) {
      for (const { slug } of await db.all<{ slug: string }>(`SELECT slug FROM ${table}`)) {
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
    }
    expect(await count(db, `SELECT count(*) AS n FROM artists WHERE name GLOB '*[^ -~]*'`)).toBeGreaterThan(
      0,
    );
    expect(
      await count(db, `SELECT count(*) AS n FROM artists WHERE name LIKE '%&%' OR name LIKE '%''%'`),
    ).toBeGreaterThan(0);
    // Every remix credits its remixer, and the mix name says who.
    expect(
      await count(
        db,
        `SELECT count(*) AS n FROM tracks t WHERE t.mix_name LIKE '%Remix' AND NOT EXISTS (
           SELECT 1 FROM track_artists ta JOIN artists a ON a.id = ta.artist_id
            WHERE ta.track_id = t.id AND ta.role = 'remixer' AND t.mix_name LIKE a.name || ' %')`,
      ),
    ).toBe(0);
    expect(await count(db, `SELECT count(*) AS n FROM track_artists WHERE role = 'remixer'`)).toBeGreaterThan(
      0,
    );
    expect(await db.all('PRAGMA foreign_key_check')).toEqual([]);
  });

  it('keeps the denormalised artist tables consistent with the tracks', async () => {
    const { db } = await seeded(1500);
    const credits = `SELECT DISTINCT ta.artist_id, t.id, t.genre_id, t.label_id, t.publish_date
                       FROM track_artists ta JOIN tracks t ON t.id = ta.track_id`;
    expect(
      await db.all(
        `SELECT artist_id, genre_id, count(*) AS track_count FROM (${credits}) GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
    ).toEqual(await db.all('SELECT artist_id, genre_id, track_count FROM artist_genres ORDER BY 1, 2'));
    expect(await db.all(`SELECT DISTINCT artist_id, label_id FROM (${credits}) ORDER BY 1, 2`)).toEqual(
      await db.all('SELECT artist_id, label_id FROM artist_labels ORDER BY 1, 2'),
    );
    expect(
      await db.all(
        `SELECT a.id, count(c.id) AS track_count, max(c.publish_date) AS last_publish_date
           FROM artists a LEFT JOIN (${credits}) c ON c.artist_id = a.id GROUP BY a.id ORDER BY a.id`,
      ),
    ).toEqual(await db.all('SELECT id, track_count, last_publish_date FROM artists ORDER BY id'));
  });

  it('leaves the indexes exactly as the migration defines them', async () => {
    const fresh = await Database.open(':memory:');
    const { db } = await seeded(300);
    const indexes = async (d: Database) =>
      await d.all(`SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name`);
    expect(await indexes(db)).toEqual(await indexes(fresh));
  });
});

describe('demo accounts', () => {
  it('creates demo with purchases and dj2 without, once', async () => {
    const { db } = await seeded(300);
    await ensureDemoAccounts(db);
    const library = async (username: string) =>
      await db.all<{ track_id: number; audio_format: string; source: string }>(
        `SELECT d.track_id, d.audio_format, d.source FROM downloads d JOIN users u ON u.id = d.user_id
          WHERE u.username = ? ORDER BY d.id`,
        username,
      );
    const demo = await library('demo');
    expect(demo.length).toBeGreaterThanOrEqual(10);
    expect(new Set(demo.map((row) => row.audio_format))).toEqual(new Set(['mp3', 'wav', 'aiff', 'flac']));
    expect(demo.every((row) => row.source === 'purchase')).toBe(true);
    expect(await library('dj2')).toEqual([]);
    // A whole release was bought: all its tracks are in the library.
    const release = await db.get<{ id: number }>(
      `SELECT item_id AS id FROM order_items WHERE item_type = 'release'`,
    );
    const releaseTracks = await db.all<{ id: number }>(
      'SELECT id FROM tracks WHERE release_id = ?',
      release?.id as number,
    );
    expect(releaseTracks.length).toBeGreaterThan(1);
    const owned = new Set(demo.map((row) => row.track_id));
    expect(releaseTracks.every((track) => owned.has(track.id))).toBe(true);

    await ensureDemoAccounts(db);
    expect(await library('demo')).toEqual(demo);
    expect(await count(db, 'SELECT count(*) AS n FROM users')).toBe(2);
    expect(await count(db, 'SELECT count(*) AS n FROM orders')).toBe(2);
  });
});

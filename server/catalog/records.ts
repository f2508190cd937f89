import { samplePath } from '../../lib/contract/store-urls.ts';
import type { ArtistRef, Price, Ref, Release, SoldFormat, Track } from '../../lib/contract/wire.ts';
import { releaseImage } from '../artwork/release-art.ts';
import type { StoreContext } from '../context.ts';
import type { Database } from '../db/database.ts';
import type { RowOf } from '../db/prepared.ts';
import * as q from './queries.ts';

/**
 * Builds the catalog's wire records (contract.md section 5) for many ids at once: one query per
 * table for a whole page of items, never one per row.
 */

export const price = (cents: number, currency: string): Price => ({ value: cents / 100, currency });

type FormatFee = RowOf<typeof q.formatFees>;

const feeCache = new WeakMap<Database, FormatFee[]>();

/** Reads the formats the store sells with their fees; app.ts calls it once at start. */
export async function loadAudioFormatFees(db: Database): Promise<void> {
  feeCache.set(db, await db.all(q.formatFees));
}

/** The formats the store sells with their fees, in display order; they never change while running. */
export function audioFormatFees(db: Database): FormatFee[] {
  const fees = feeCache.get(db);
  if (!fees) throw new Error('loadAudioFormatFees was not called for this database.');
  return fees;
}

/** The extra cost of each lossless format; a release pays it once per track. */
function feeRecord(ctx: StoreContext, tracks = 1) {
  const record: Record<string, Price> = {};
  for (const fee of audioFormatFees(ctx.db)) {
    if (fee.name !== 'mp3') record[fee.name] = price(fee.fee_cents * tracks, ctx.config.currency);
  }
  return record as Track['audioFormatFee'];
}

/** Every format the store sells with the item's whole price in it; a release pays the fee once per track. */
function soldFormats(ctx: StoreContext, priceCents: number, tracks = 1): SoldFormat[] {
  return audioFormatFees(ctx.db).map((fee) => ({
    format: fee.name,
    price: price(priceCents + fee.fee_cents * tracks, ctx.config.currency),
  }));
}

const idList = (ids: readonly number[]) => [...new Set(ids)];

type ArtistRow = RowOf<typeof q.trackCredits | typeof q.releaseArtists | typeof q.releaseRemixers>;

function artistsByOwner(rows: ArtistRow[]) {
  const byOwner = new Map<number, { artists: ArtistRef[]; remixers: ArtistRef[] }>();
  for (const row of rows) {
    let entry = byOwner.get(row.owner_id);
    if (!entry) {
      entry = { artists: [], remixers: [] };
      byOwner.set(row.owner_id, entry);
    }
    const ref = { id: row.id, name: row.name, slug: row.slug, role: row.role };
    (row.role === 'remixer' ? entry.remixers : entry.artists).push(ref);
  }
  return byOwner;
}

/** Track records by id; ids that do not exist are absent from the map. */
export async function loadTracks(ctx: StoreContext, ids: readonly number[]): Promise<Map<number, Track>> {
  const tracks = new Map<number, Track>();
  if (ids.length === 0) return tracks;
  const list = idList(ids);
  const rows = await ctx.db.all(q.trackRows, { ids: list });
  const people = artistsByOwner(await ctx.db.all(q.trackCredits, { ids: list }));
  if (!feeCache.has(ctx.db)) await loadAudioFormatFees(ctx.db);
  const fees = feeRecord(ctx);
  for (const row of rows) {
    const credits = people.get(row.id);
    tracks.set(row.id, {
      id: row.id,
      type: 'track',
      name: row.name,
      mixName: row.mix_name,
      slug: row.slug,
      artists: credits?.artists ?? [],
      remixers: credits?.remixers ?? [],
      genre: { id: row.genre_id, name: row.genre_name, slug: row.genre_slug },
      label: { id: row.label_id, name: row.label_name, slug: row.label_slug },
      release: { id: row.release_id, name: row.release_name, slug: row.release_slug },
      bpm: row.bpm,
      key: row.key,
      lengthMs: row.length_ms,
      isrc: row.isrc,
      publishDate: row.publish_date,
      saleType: row.sale_type,
      price: price(row.price_cents, ctx.config.currency),
      audioFormatFee: fees,
      formats: soldFormats(ctx, row.price_cents),
      sampleUrl: `${ctx.config.baseUrl}${samplePath(row.id)}`,
      image: releaseImage(ctx, row.release_id),
    });
  }
  return tracks;
}

/** Release records by id; ids that do not exist are absent from the map. */
export async function loadReleases(ctx: StoreContext, ids: readonly number[]): Promise<Map<number, Release>> {
  const releases = new Map<number, Release>();
  if (ids.length === 0) return releases;
  if (!feeCache.has(ctx.db)) await loadAudioFormatFees(ctx.db);
  const list = idList(ids);
  const rows = await ctx.db.all(q.releaseRows, { ids: list });
  const artists = artistsByOwner(await ctx.db.all(q.releaseArtists, { ids: list }));
  const remixers = artistsByOwner(await ctx.db.all(q.releaseRemixers, { ids: list }));
  const trackIds = new Map<number, number[]>();
  for (const row of await ctx.db.all(q.releaseTrackIds, { ids: list })) {
    const list = trackIds.get(row.release_id) ?? [];
    list.push(row.id);
    trackIds.set(row.release_id, list);
  }
  for (const row of rows) {
    const tracks = trackIds.get(row.id) ?? [];
    releases.set(row.id, {
      id: row.id,
      type: 'release',
      name: row.name,
      slug: row.slug,
      artists: artists.get(row.id)?.artists ?? [],
      remixers: remixers.get(row.id)?.remixers ?? [],
      genre: { id: row.genre_id, name: row.genre_name, slug: row.genre_slug },
      label: { id: row.label_id, name: row.label_name, slug: row.label_slug },
      catalogNumber: row.catalog_number,
      publishDate: row.publish_date,
      trackIds: tracks,
      price: price(row.price_cents, ctx.config.currency),
      audioFormatFee: feeRecord(ctx, tracks.length),
      formats: soldFormats(ctx, row.price_cents, tracks.length),
      image: releaseImage(ctx, row.id),
    });
  }
  return releases;
}

/** Records in the order of ids (a query's ranking), skipping any that vanished. */
export function inOrder<T>(ids: readonly number[], records: Map<number, T>): T[] {
  const out: T[] = [];
  for (const id of ids) {
    const record = records.get(id);
    if (record) out.push(record);
  }
  return out;
}

export const tracksInOrder = async (ctx: StoreContext, ids: readonly number[]) =>
  inOrder(ids, await loadTracks(ctx, ids));
export const releasesInOrder = async (ctx: StoreContext, ids: readonly number[]) =>
  inOrder(ids, await loadReleases(ctx, ids));

export const refOf = (row: { id: number; name: string; slug: string }): Ref => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
});

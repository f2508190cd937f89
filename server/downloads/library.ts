import type { LibraryEntry } from '../../lib/contract/wire.ts';
import { loadTracks } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import type { RowOf } from '../db/prepared.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { Paging } from '../http/envelope.ts';
import * as q from './queries.ts';

/** A user's download library (contract.md section 7): one row per track and format they own. */

/**
 * `available`: never initiated. `downloaded`: initiated, and its last link has not expired.
 * `re-download`: initiated before, its last link has expired. Only whether an entry was initiated
 * is stored (the `status` column); the rest follows from when, and the links' lifetime.
 */
export const libraryStatuses = ['available', 'downloaded', 're-download'] as const;
export type LibraryStatus = (typeof libraryStatuses)[number];

/** A library row; `status` says whether it was ever initiated, what clients see is computed (queries.ts). */
export type DownloadRow = RowOf<typeof q.downloadById>;

/** One page of the library, newest purchase first, optionally only entries in the given statuses. */
export async function libraryPage(
  ctx: StoreContext,
  userId: number,
  { page, perPage }: Paging,
  statuses?: readonly LibraryStatus[],
  now = Date.now(),
): Promise<{ count: number; entries: LibraryEntry[] }> {
  const shown = {
    userId,
    ttlSeconds: ctx.config.downloadLinkTtlSeconds,
    nowSeconds: Math.floor(now / 1000),
    statuses: statuses ? JSON.stringify(statuses) : null,
  };
  const count = (await ctx.db.get(q.libraryCount, shown))?.n ?? 0;
  const rows = await ctx.db.all(q.libraryRows, { ...shown, limit: perPage, offset: (page - 1) * perPage });
  const tracks = await loadTracks(
    ctx,
    rows.map((row) => row.track_id),
  );
  const entries = rows.flatMap((row): LibraryEntry[] => {
    const track = tracks.get(row.track_id);
    if (!track) return [];
    return [
      {
        id: row.id,
        type: 'track',
        track,
        audioFormat: row.audio_format,
        status: row.shown_status,
        purchasedAt: row.purchased_at,
        lastInitiatedAt: row.last_initiated_at,
      },
    ];
  });
  return { count, entries };
}

export const findDownload = (ctx: StoreContext, id: number) => ctx.db.get(q.downloadById, { id });

/**
 * Marks the user's downloads as initiated, all or none: an id that is not in their library
 * (unknown, or someone else's) fails the whole call with 404 and marks nothing.
 */
export async function initiateDownloads(
  ctx: StoreContext,
  userId: number,
  ids: readonly number[],
): Promise<DownloadRow[]> {
  const { db } = ctx;
  const unique = [...new Set(ids)];
  return await db.transaction(async () => {
    const found = new Map(
      (await db.all(q.usersDownloads, { userId, ids: unique })).map((row) => [row.id, row]),
    );
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new ApiError(
        404,
        'notFound',
        `Download ${missing.join(', ')} is not in your library; nothing was started.`,
        'downloadIds',
      );
    }
    const now = new Date().toISOString();
    await db.run(q.markInitiated, { userId, ids: unique, now });
    return unique.map((id) => ({
      ...(found.get(id) as DownloadRow),
      status: 'downloaded',
      last_initiated_at: now,
    }));
  });
}

/**
 * Adds a free track to the user's library (once per format) and marks it initiated.
 * Only tracks sold as promotions qualify.
 */
export async function initiatePromoDownload(
  ctx: StoreContext,
  userId: number,
  trackId: number,
  format: DownloadRow['audio_format'],
): Promise<DownloadRow> {
  const { db } = ctx;
  return await db.transaction(async () => {
    const track = await db.get(q.trackSaleType, { id: trackId });
    if (!track) throw notFound(`Track ${trackId} does not exist.`);
    if (track.sale_type !== 'promotion') {
      throw new ApiError(
        403,
        'notPromotional',
        `Track ${trackId} is not a free promotion; buy it to download it.`,
        'trackId',
      );
    }
    const now = new Date().toISOString();
    await db.run(q.addPromotion, { userId, trackId, format, now });
    return (await db.get(q.markTrackInitiated, { userId, trackId, format, now })) as DownloadRow;
  });
}

import type { LibraryEntry } from '../../lib/contract/wire.ts';
import { loadTracks } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { Paging } from '../http/envelope.ts';

/** A user's download library (contract.md section 7): one row per track and format they own. */

export const libraryStatuses = ['available', 'downloaded'] as const;
export type LibraryStatus = (typeof libraryStatuses)[number];

export interface DownloadRow {
  id: number;
  user_id: number;
  track_id: number;
  audio_format: LibraryEntry['audioFormat'];
  status: LibraryStatus;
  purchased_at: string;
  last_initiated_at: string | null;
}

const columns = 'id, user_id, track_id, audio_format, status, purchased_at, last_initiated_at';

/** One page of the library, newest purchase first, optionally only entries in one status. */
export function libraryPage(
  ctx: StoreContext,
  userId: number,
  { page, perPage }: Paging,
  status?: LibraryStatus,
): { count: number; entries: LibraryEntry[] } {
  // "status IS ?" with NULL matches no row, so the filter is spelled out for both cases.
  const filter = 'user_id = ? AND (? IS NULL OR status = ?)';
  const count =
    ctx.db.get<{ n: number }>(
      `SELECT count(*) AS n FROM downloads WHERE ${filter}`,
      userId,
      status ?? null,
      status ?? null,
    )?.n ?? 0;
  const rows = ctx.db.all<DownloadRow>(
    `SELECT ${columns} FROM downloads WHERE ${filter}
      ORDER BY purchased_at DESC, id DESC LIMIT ? OFFSET ?`,
    userId,
    status ?? null,
    status ?? null,
    perPage,
    (page - 1) * perPage,
  );
  const tracks = loadTracks(
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
        status: row.status,
        purchasedAt: row.purchased_at,
        lastInitiatedAt: row.last_initiated_at,
      },
    ];
  });
  return { count, entries };
}

export const findDownload = (ctx: StoreContext, id: number) =>
  ctx.db.get<DownloadRow>(`SELECT ${columns} FROM downloads WHERE id = ?`, id);

/**
 * Marks the user's downloads as initiated, all or none: an id that is not in their library
 * (unknown, or someone else's) fails the whole call with 404 and marks nothing.
 */
export function initiateDownloads(ctx: StoreContext, userId: number, ids: readonly number[]): DownloadRow[] {
  const { db } = ctx;
  const unique = [...new Set(ids)];
  return db.transaction(() => {
    const list = JSON.stringify(unique);
    const found = new Map(
      db
        .all<DownloadRow>(
          `SELECT ${columns} FROM downloads WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))`,
          userId,
          list,
        )
        .map((row) => [row.id, row]),
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
    db.run(
      `UPDATE downloads SET status = 'downloaded', last_initiated_at = ?
        WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))`,
      now,
      userId,
      list,
    );
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
export function initiatePromoDownload(
  ctx: StoreContext,
  userId: number,
  trackId: number,
  format: DownloadRow['audio_format'],
): DownloadRow {
  const { db } = ctx;
  return db.transaction(() => {
    const track = db.get<{ sale_type: string }>('SELECT sale_type FROM tracks WHERE id = ?', trackId);
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
    db.run(
      `INSERT OR IGNORE INTO downloads (user_id, track_id, audio_format, source, purchased_at)
       VALUES (?, ?, ?, 'promotion', ?)`,
      userId,
      trackId,
      format,
      now,
    );
    return db.get<DownloadRow>(
      `UPDATE downloads SET status = 'downloaded', last_initiated_at = ?
        WHERE user_id = ? AND track_id = ? AND audio_format = ? RETURNING ${columns}`,
      now,
      userId,
      trackId,
      format,
    ) as DownloadRow;
  });
}

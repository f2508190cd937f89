import type { LibraryEntry } from '../../lib/contract/wire.ts';
import { loadTracks } from '../catalog/records.ts';
import type { StoreContext } from '../context.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { Paging } from '../http/envelope.ts';

/** A user's download library (contract.md section 7): one row per track and format they own. */

/**
 * `available`: never initiated. `downloaded`: initiated, and its last link has not expired.
 * `re-download`: initiated before, its last link has expired. Only whether an entry was initiated
 * is stored (the `status` column); the rest follows from when, and the links' lifetime.
 */
export const libraryStatuses = ['available', 'downloaded', 're-download'] as const;
export type LibraryStatus = (typeof libraryStatuses)[number];

/**
 * The status of a row as SQL, given the current Unix time and the link lifetime as parameters.
 * A link made at initiation expires at the whole second of last_initiated_at plus the lifetime
 * (links.ts); unixepoch() drops the fraction the same way. An entry marked initiated at no known
 * time (unixepoch(NULL) is NULL) has no live link: re-download.
 */
const statusSql = `CASE WHEN status = 'available' THEN 'available'
  WHEN unixepoch(last_initiated_at) + ? > ? THEN 'downloaded' ELSE 're-download' END`;

export interface DownloadRow {
  id: number;
  user_id: number;
  track_id: number;
  audio_format: LibraryEntry['audioFormat'];
  /** Whether the entry was ever initiated; what clients see is computed (libraryStatuses). */
  status: 'available' | 'downloaded';
  purchased_at: string;
  last_initiated_at: string | null;
}

const columns = 'id, user_id, track_id, audio_format, status, purchased_at, last_initiated_at';

/** One page of the library, newest purchase first, optionally only entries in the given statuses. */
export async function libraryPage(
  ctx: StoreContext,
  userId: number,
  { page, perPage }: Paging,
  statuses?: readonly LibraryStatus[],
  now = Date.now(),
): Promise<{ count: number; entries: LibraryEntry[] }> {
  const clock = [ctx.config.downloadLinkTtlSeconds, Math.floor(now / 1000)];
  const filter = statuses ? JSON.stringify(statuses) : null;
  // The filter is a JSON list of statuses, or NULL for all; a status matches with its quotes, so
  // "downloaded" does not match inside "re-download".
  const rowsSql = `SELECT ${columns}, ${statusSql} AS shown_status FROM downloads WHERE user_id = ?`;
  const filtered = `SELECT * FROM (${rowsSql}) AS shown
    WHERE CAST(? AS TEXT) IS NULL OR CAST(? AS TEXT) LIKE '%"' || shown_status || '"%'`;
  const count =
    (
      await ctx.db.get<{ n: number }>(
        `SELECT count(*) AS n FROM (${filtered}) AS page`,
        ...clock,
        userId,
        filter,
        filter,
      )
    )?.n ?? 0;
  const rows = await ctx.db.all<DownloadRow & { shown_status: LibraryStatus }>(
    `${filtered} ORDER BY purchased_at DESC, id DESC LIMIT ? OFFSET ?`,
    ...clock,
    userId,
    filter,
    filter,
    perPage,
    (page - 1) * perPage,
  );
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

export const findDownload = (ctx: StoreContext, id: number) =>
  ctx.db.get<DownloadRow>(`SELECT ${columns} FROM downloads WHERE id = ?`, id);

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
    const list = JSON.stringify(unique);
    const found = new Map(
      (
        await db.all<DownloadRow>(
          `SELECT ${columns} FROM downloads WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))`,
          userId,
          list,
        )
      ).map((row) => [row.id, row]),
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
    await db.run(
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
export async function initiatePromoDownload(
  ctx: StoreContext,
  userId: number,
  trackId: number,
  format: DownloadRow['audio_format'],
): Promise<DownloadRow> {
  const { db } = ctx;
  return await db.transaction(async () => {
    const track = await db.get<{ sale_type: string }>('SELECT sale_type FROM tracks WHERE id = ?', trackId);
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
    await db.run(
      `INSERT INTO downloads (user_id, track_id, audio_format, source, purchased_at)
       VALUES (?, ?, ?, 'promotion', ?) ON CONFLICT (user_id, track_id, audio_format) DO NOTHING`,
      userId,
      trackId,
      format,
      now,
    );
    return (await db.get<DownloadRow>(
      `UPDATE downloads SET status = 'downloaded', last_initiated_at = ?
        WHERE user_id = ? AND track_id = ? AND audio_format = ? RETURNING ${columns}`,
      now,
      userId,
      trackId,
      format,
    )) as DownloadRow;
  });
}

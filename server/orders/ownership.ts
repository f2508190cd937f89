import type { Database } from '../db/database.ts';
import { ownedTracks } from './queries.ts';

/**
 * Which of these tracks the user owns: any row in their download library counts, whatever the
 * format or whether it came from a purchase or a promotion. A release is owned when all its tracks are.
 */
export async function ownedTrackIds(
  db: Database,
  userId: number,
  trackIds: readonly number[],
): Promise<Set<number>> {
  if (trackIds.length === 0) return new Set();
  const rows = await db.all(ownedTracks, { userId, ids: trackIds });
  return new Set(rows.map((row) => row.track_id));
}

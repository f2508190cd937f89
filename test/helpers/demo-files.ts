import type { AudioFormat } from '../../lib/contract/wire.ts';
import { loadTracks } from '../../server/catalog/records.ts';
import { downloadLink } from '../../server/downloads/links.ts';
import type { TestStore } from './store.ts';

/** A fresh signed link to one of demo's library entries in the format. */
export async function demoFileUrl(store: TestStore, format: AudioFormat, nth = 0): Promise<string> {
  const rows = await store.ctx.db.all<{ id: number; track_id: number; audio_format: AudioFormat }>(
    `SELECT d.id, d.track_id, d.audio_format FROM downloads d JOIN users u ON u.id = d.user_id
      WHERE u.username = 'demo' AND d.audio_format = ? ORDER BY d.id`,
    format,
  );
  const row = rows[nth];
  if (!row) throw new Error(`demo owns no ${nth + 1}th ${format} file`);
  const track = (await loadTracks(store.ctx, [row.track_id])).get(row.track_id);
  if (!track) throw new Error(`track ${row.track_id} is missing`);
  return downloadLink(store.ctx, row, track, Date.now()).url;
}

/**
 * Signed links to `count` files of distinct tracks in the format, bought for demo here as the
 * library's own rows (what a big purchase leaves), on `origin` (a store process on the same database).
 */
export async function distinctFileUrls(
  store: TestStore,
  format: AudioFormat,
  count: number,
  origin = store.baseUrl,
): Promise<string[]> {
  const demo = await store.ctx.db.get<{ id: number }>("SELECT id FROM users WHERE username = 'demo'");
  const tracks = await store.ctx.db.all<{ id: number }>(
    `SELECT id FROM tracks WHERE id NOT IN (SELECT track_id FROM downloads WHERE user_id = ?) ORDER BY id LIMIT ?`,
    demo?.id ?? 0,
    count,
  );
  if (tracks.length < count)
    throw new Error(`The catalog has only ${tracks.length} tracks demo does not own.`);
  const loaded = await loadTracks(
    store.ctx,
    tracks.map((track) => track.id),
  );
  return Promise.all(
    tracks.map(async ({ id }) => {
      await store.ctx.db.run(
        `INSERT INTO downloads (user_id, track_id, audio_format, source, purchased_at) VALUES (?, ?, ?, 'purchase', ?)`,
        demo?.id ?? 0,
        id,
        format,
        new Date().toISOString(),
      );
      const row = await store.ctx.db.get<{ id: number; audio_format: AudioFormat }>(
        'SELECT id, audio_format FROM downloads WHERE user_id = ? AND track_id = ? AND audio_format = ?',
        demo?.id ?? 0,
        id,
        format,
      );
      const track = loaded.get(id);
      if (!row || !track) throw new Error(`track ${id} was not bought`);
      const url = new URL(downloadLink(store.ctx, row, track, Date.now()).url);
      return `${origin}${url.pathname}${url.search}`;
    }),
  );
}

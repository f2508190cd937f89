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

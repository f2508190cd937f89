/** What a store's operator does to sell another format: a row at the end of its list (docs/api.md). */
import type { TestStore } from './store.ts';

export async function addSoldFormat(store: TestStore, name: string, feeCents: number): Promise<void> {
  const top = await store.ctx.db.get<{ position: number }>(
    'SELECT max(position) AS position FROM audio_formats',
  );
  await store.ctx.db.run(
    'INSERT INTO audio_formats (name, fee_cents, position) VALUES (?, ?, ?)',
    name,
    feeCents,
    (top?.position ?? 0) + 1,
  );
}

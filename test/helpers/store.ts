import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppOptions, buildApp, type StoreApp } from '../../server/app.ts';
import { ensureDemoAccounts, generateCatalog } from '../../server/seed/generate.ts';

export interface TestStore extends StoreApp {
  dir: string;
  dbPath: string;
  close(): Promise<void>;
}

/** A real store on a fresh SQLite file in a temp folder, seeded with a small deterministic catalog. */
export async function startTestStore(
  options: { scale?: number; config?: AppOptions['config']; seed?: boolean } = {},
): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), 'crate-store-'));
  const dbPath = join(dir, 'store.db');
  const store = await buildApp({ dbPath, config: options.config });
  if (options.seed !== false) {
    generateCatalog(store.ctx.db, { scale: options.scale ?? 300 });
    await ensureDemoAccounts(store.ctx.db);
  }
  return {
    ...store,
    dir,
    dbPath,
    async close() {
      await store.app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

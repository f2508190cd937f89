import type { Database } from '../db/database.ts';

// PLACEHOLDER: replaced by the real module.
export const isCatalogEmpty = (db: Database) => !db.get('SELECT 1 FROM tracks LIMIT 1');
export function generateCatalog(_db: Database, _options: { scale: number; seed?: number }) {
  return { tracks: 0, releases: 0, artists: 0 };
}
export async function ensureDemoAccounts(_db: Database): Promise<void> {}

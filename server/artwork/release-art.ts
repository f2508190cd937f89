import { createHash } from 'node:crypto';
import type { Image } from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';
import { query } from '../db/prepared.ts';
import { runJob } from '../jobs/job-runner.ts';
import { ByteLruCache } from '../jobs/lru-cache.ts';
import { type CoverSpec, encodeCover } from './cover.ts';
import { type CoverSize, coverPath, coverSize } from './cover-paths.ts';

/** A release's cover drawn and encoded as a JPEG, for the worker threads (server/job-thread/job-table.ts). */
export interface CoverJob {
  kind: 'cover';
  spec: CoverSpec;
  size: CoverSize;
}

export interface CoverFile {
  bytes: Uint8Array;
  /** Names the picture's content, so a client's copy is revalidated without encoding anything. */
  etag: string;
}

// Bump when the drawing changes, so clients holding an old picture fetch the new one.
const artVersion = 1;

// A full-size cover is 40-70 KB and takes 30-250 ms to encode here: each is encoded once and kept.
// Keys hold what the picture is drawn from, so two catalogs never share an entry.
const cache = new ByteLruCache(16 * 1024 * 1024);

/** The `image` of a release record, and of its tracks' records (contract.md section 5). */
export const releaseImage = (ctx: StoreContext, releaseId: number): Image => ({
  uri: `${ctx.config.baseUrl}${coverPath(releaseId)}`,
  width: coverSize,
  height: coverSize,
});

const releaseTitle = query((db, a: { id: number }) =>
  db.selectFrom('releases').select(['name', 'catalog_number']).where('id', '=', a.id),
);

/** What a release's cover is drawn from, or undefined for an unknown release. */
export async function coverSpec(ctx: StoreContext, releaseId: number): Promise<CoverSpec | undefined> {
  const row = await ctx.db.get(releaseTitle, { id: releaseId });
  return row && { releaseId, title: row.name, caption: row.catalog_number };
}

export function coverEtag(spec: CoverSpec, size: CoverSize): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([artVersion, size, spec]))
    .digest('base64url')
    .slice(0, 22);
  return `"${digest}"`;
}

/** The cover as a JPEG, encoded on first use and then served from memory. */
export function coverFile(spec: CoverSpec, size: CoverSize = coverSize): CoverFile {
  const etag = coverEtag(spec, size);
  const bytes = cache.getOrCreate(etag, () => encodeCover(spec, size));
  return { bytes, etag };
}

/**
 * The cover, as `coverFile`, drawn and encoded in the store's worker threads the first time (30 to
 * 600 ms here, too long to hold every other request up): what a purchased file's download takes.
 */
export async function coverFileOffThread(spec: CoverSpec, size: CoverSize = coverSize): Promise<CoverFile> {
  const etag = coverEtag(spec, size);
  let bytes = cache.get(etag);
  if (!bytes) {
    bytes = await runJob<Uint8Array, CoverJob>(`cover:${etag}`, { kind: 'cover', spec, size });
    cache.set(etag, bytes);
  }
  return { bytes, etag };
}

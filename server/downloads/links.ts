import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DownloadLink, Track } from '../../lib/contract/wire.ts';
import type { StoreContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { downloadFilename } from './filename.ts';

/**
 * Download links are capabilities: anyone holding one may fetch the file until it expires, without a
 * token (a browser's download manager cannot send one). The signature binds the download id to
 * the expiry time, so neither can be changed.
 */

const secrets = new WeakMap<StoreContext['db'], Buffer>();

/** Reads (or makes, once for every instance) the key links are signed with; app.ts calls it at start. */
export async function loadLinkSecret(ctx: StoreContext): Promise<void> {
  const value = await ctx.db.setting('downloadLinkSecret', () => randomBytes(32).toString('base64url'));
  secrets.set(ctx.db, Buffer.from(value, 'base64url'));
}

const secret = (ctx: StoreContext) => {
  const key = secrets.get(ctx.db);
  if (!key) throw new Error('loadLinkSecret was not called for this store.');
  return key;
};

const signature = (ctx: StoreContext, downloadId: number, expires: number) =>
  createHmac('sha256', secret(ctx)).update(`${downloadId}.${expires}`).digest();

export const filePath = (downloadId: number) => `/downloads/file/${downloadId}`;

/**
 * A signed link for a library entry. A link made when the entry is initiated counts its lifetime
 * from last_initiated_at, so the library can tell from that column when it expires.
 */
export function downloadLink(
  ctx: StoreContext,
  download: { id: number; audio_format: string; last_initiated_at?: string | null },
  track: Track,
  now = download.last_initiated_at ? Date.parse(download.last_initiated_at) : Date.now(),
): DownloadLink {
  const expires = Math.floor(now / 1000) + ctx.config.downloadLinkTtlSeconds;
  const url = new URL(filePath(download.id), ctx.config.baseUrl);
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('sig', signature(ctx, download.id, expires).toString('base64url'));
  return {
    downloadId: download.id,
    url: url.toString(),
    filename: downloadFilename(track, download.audio_format),
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** Throws 403 for a link the store did not sign as it is, 410 for one that has expired. */
export function verifyLink(
  ctx: StoreContext,
  downloadId: number,
  expires: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): void {
  const invalid = new ApiError(
    403,
    'invalidLink',
    'This download link is not valid; start the download again.',
  );
  if (!expires || !/^[0-9]{1,12}$/.test(expires) || !sig) throw invalid;
  const expected = signature(ctx, downloadId, Number(expires));
  const given = Buffer.from(sig, 'base64url');
  // Node's decoder skips stray characters; only the canonical spelling of a signature counts.
  if (given.toString('base64url') !== sig) throw invalid;
  // Constant-time comparison, so the signature cannot be found byte by byte from response times.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
  if (Number(expires) * 1000 <= now) {
    throw new ApiError(410, 'linkExpired', 'This download link has expired; start the download again.');
  }
}

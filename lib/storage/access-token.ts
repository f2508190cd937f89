/**
 * The access token as kept in storage.session (items.ts, accessTokenItem): memory only (gone with
 * the browser), readable by extension pages and the worker but not by content scripts, and still
 * there after the worker is stopped.
 */

export interface AccessToken {
  token: string;
  /**
   * Epoch milliseconds after which the token is renewed before use: a fifth of its lifetime (at
   * most 30 s) before the store's expiry, so it does not expire on the way to the store.
   */
  renewAt: number;
  /** Origin of the store that issued it. */
  storeUrl: string;
}

export function accessTokenRecord(
  token: string,
  expiresInSeconds: number,
  storeUrl: string,
  now: number,
): AccessToken {
  const lifetime = expiresInSeconds * 1000;
  return { token, renewAt: now + lifetime - Math.min(30_000, lifetime / 5), storeUrl };
}

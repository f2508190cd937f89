/**
 * The run's store (global-setup.ts) through its API as demo, with a token of the test's own: what a
 * journey checks the extension did (the cart, the library) is read from the store, not the page.
 */

import type { Cart, CatalogPageResults, LibraryEntry, Track } from '../../lib/contract/wire.ts';
import { signIn } from '../helpers/tokens.ts';
import { e2eStoreUrl } from './store-url.ts';

const storeUrl = e2eStoreUrl();
let token: Promise<string> | undefined;

export async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  token ??= signIn(storeUrl).then((tokens) => tokens.accessToken);
  const response = await fetch(`${storeUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${await token}` },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { results: T }).results;
}

/** demo's default cart, as id, type and format per item. */
export const cartItems = async () =>
  (await api<Cart>('/cart/1/?sourceType=crate-e2e')).items.map(({ id, type, audioFormat }) => ({
    id,
    type,
    audioFormat,
  }));

export const emptyCart = () => api('/cart/1/?sourceType=crate-e2e', { method: 'DELETE' });
export const library = () => api<LibraryEntry[]>('/order/1/downloads?perPage=150');
export const trackPath = (track: Track) => `/track/${track.slug}/${track.id}`;

/** The home page's top tracks demo has not bought, on sale. */
export async function unownedTracks(): Promise<Track[]> {
  const owned = new Set((await library()).map((entry) => entry.track.id));
  const home = await api<CatalogPageResults<'home'>>('/catalog/3/platform/home');
  return home.topTracks.filter((track) => track.saleType === 'purchase' && !owned.has(track.id));
}

/**
 * The store API (store-api.md, contract.md) as typed functions: cart, catalog detail pages, artist
 * catalog and downloads. Responses are parsed by the schemas the store itself uses (lib/wire.ts).
 *
 * Every attempt has a timeout and the whole call a budget: an MV3 worker is stopped after 30 s of
 * waiting. Only idempotent calls (GET, PUT, DELETE) are retried, only on 429/502/503/504, with
 * exponential backoff or the store's Retry-After. A 401 renews the access token once and repeats
 * the call; nothing else loops.
 */
import { z } from 'zod';
import { messages, noAccess, StoreError, signedOut, unreachable } from './store-error.ts';
import {
  ArtistCatalogMetadata,
  Artist as ArtistSchema,
  type AudioFormat,
  Cart,
  CartAddResult,
  type CartAddResult as CartAddResultType,
  CartChangeResult,
  type CartChangeResult as CartChangeResultType,
  type CartItemInput,
  CartSummary,
  type CartSummary as CartSummaryType,
  type Cart as CartType,
  type CatalogPage,
  type CatalogPageResults,
  catalogPages,
  DownloadLink,
  ErrorEnvelope,
  envelopeOf,
  type ItemType,
  LibraryEntry,
  PagingMetadata,
} from './wire.ts';

/** Where access tokens come from: the background's auth session (lib/auth-session.ts). */
export interface AccessTokenSource {
  /** A token believed valid; throws a `signedOut` StoreError when nobody is signed in. */
  accessToken(): Promise<string>;
  /** A new token after the store refused `rejected`; throws when the session cannot be renewed. */
  renewAccessToken(rejected: string): Promise<string>;
}

export interface ApiClientOptions {
  /** The store's origin, e.g. http://127.0.0.1:8787. */
  storeUrl: string;
  /** Sent as `sourceType` on every cart call. */
  sourceType: string;
  auth?: AccessTokenSource;
  fetch?: typeof fetch;
  /** Longest wait for one attempt. */
  timeoutMs?: number;
  /** Longest wait for a whole call, retries included. */
  budgetMs?: number;
  maxAttempts?: number;
  /** First backoff delay; doubles on every retry, plus up to as much again of jitter. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  isOnline?: () => boolean;
  /**
   * Whether the browser lets the extension reach the store (lib/host-access.ts): a request it
   * blocked for want of host access fails like a network error, and must not read as a store down.
   */
  hasHostAccess?: () => Promise<boolean>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Query = Record<string, string | number | boolean | undefined | readonly string[]>;

const idempotent = new Set<Method>(['GET', 'PUT', 'DELETE']);
const retryableStatus = new Set([429, 502, 503, 504]);

const CartMetadata = z
  .object({ audioFormats: z.array(z.string()) })
  .partial()
  .loose();

export interface CartView {
  cart: CartType;
  /** The formats the store sells (metadata.audioFormats), when it lists them. */
  audioFormats: string[];
}

export interface Paged<T> {
  results: T[];
  paging: z.infer<typeof PagingMetadata>;
}

export type ArtistFacetName = 'genreName' | 'performerName';

export interface ArtistQuery {
  page?: number;
  perPage?: number;
  ids?: number[];
  /** Alias for a single entry of `ids`. */
  id?: number;
  /** All must match. */
  facets?: { name: ArtistFacetName; value: string }[];
  returnFacets?: ArtistFacetName[];
  /** Part of the artist's name, case-insensitive (the store's `search`, docs/api.md). */
  search?: string;
  sortBy?: { field: 'publishDate' | 'artistId' | 'name'; direction: 'ASC' | 'DESC' }[];
  genreId?: number;
  labelId?: number;
}

export interface ArtistPage extends Paged<z.infer<typeof ArtistSchema>> {
  facets: Partial<Record<ArtistFacetName, { name: string; count: number }[]>>;
}

export interface CartTarget {
  /** The named cart; omitted: the default cart. */
  name?: string;
}

export type PageWithoutId = Extract<CatalogPage, 'home' | 'chart-overview'>;
export type PageWithId = Exclude<CatalogPage, PageWithoutId>;

/** Seconds a Retry-After header asks for (delta-seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

export function createApiClient(options: ApiClientOptions) {
  const storeUrl = options.storeUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const budgetMs = options.budgetMs ?? 25_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);

  function urlFor(path: string, query: Query): string {
    const url = new URL(path, `${storeUrl}/`);
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const entry of value) url.searchParams.append(name, entry);
      else url.searchParams.set(name, String(value));
    }
    return url.href;
  }

  async function attempt(method: Method, url: string, token: string | undefined): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await fetchImpl(url, { method, headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new StoreError({ kind: 'timeout', message: messages.timeout });
      }
      if (options.hasHostAccess && !(await options.hasHostAccess().catch(() => true))) {
        throw noAccess(storeUrl);
      }
      throw unreachable(storeUrl, isOnline());
    }
  }

  async function errorFrom(response: Response, retryAfterSeconds: number | null): Promise<StoreError> {
    const body = ErrorEnvelope.safeParse(await response.json().catch(() => null));
    const store = body.success ? body.data.metadata : undefined;
    const status = response.status;
    const detail = { status, code: store?.error, parameter: store?.parameter };
    const storeSays = (fallback: string) => store?.message ?? fallback;
    switch (status) {
      case 400:
      case 413:
      case 415:
      case 422:
        return new StoreError({ kind: 'badRequest', message: storeSays(messages.badRequest), ...detail });
      case 401:
        return new StoreError({ kind: 'signedOut', message: messages.sessionEnded, ...detail });
      case 403:
        return new StoreError({ kind: 'forbidden', message: storeSays(messages.forbidden), ...detail });
      case 404:
        return new StoreError({ kind: 'notFound', message: storeSays(messages.notFound), ...detail });
      case 409:
        return new StoreError({ kind: 'conflict', message: storeSays(messages.conflict), ...detail });
      case 429:
        return new StoreError({
          kind: 'rateLimited',
          message: messages.rateLimited(retryAfterSeconds ?? 60),
          ...detail,
        });
      case 502:
      case 503:
      case 504:
        return new StoreError({ kind: 'storeDown', message: messages.storeDown(storeUrl), ...detail });
      default:
        return new StoreError({ kind: 'storeDown', message: messages.storeFailed, ...detail });
    }
  }

  async function call<S extends z.ZodType>(
    method: Method,
    path: string,
    query: Query,
    schema: S,
    { authenticated }: { authenticated: boolean },
  ): Promise<z.infer<S>> {
    const deadline = now() + budgetMs;
    let token: string | undefined;
    if (authenticated) {
      if (!options.auth) throw signedOut();
      token = await options.auth.accessToken();
    }
    const url = urlFor(path, query);
    let renewed = false;
    for (let attemptNumber = 1; ; attemptNumber++) {
      const response = await attempt(method, url, token);
      if (response.status === 401 && token && options.auth && !renewed) {
        // The store refused a token we believed valid (revoked, or the store restarted): renew once.
        renewed = true;
        token = await options.auth.renewAccessToken(token);
        continue;
      }
      if (!response.ok) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'), now());
        if (idempotent.has(method) && retryableStatus.has(response.status) && attemptNumber < maxAttempts) {
          const backoff = backoffMs * 2 ** (attemptNumber - 1) * (1 + random());
          const delay = retryAfter === null ? backoff : retryAfter * 1000;
          // Waiting past the budget would only end with the worker stopped mid-call: fail now.
          if (now() + delay + timeoutMs <= deadline) {
            await response.body?.cancel();
            await sleep(delay);
            continue;
          }
        }
        throw await errorFrom(response, retryAfter);
      }
      const body = await response.json().catch(() => undefined);
      const parsed = schema.safeParse(body);
      if (!parsed.success)
        throw new StoreError({ kind: 'invalidResponse', message: messages.invalidResponse });
      return parsed.data;
    }
  }

  const cartQuery = (query: Query & CartTarget): Query => ({ ...query, sourceType: options.sourceType });
  const itemsJson = (items: readonly object[]) => JSON.stringify(items);

  return {
    storeUrl,

    /** GET /cart/1/: the whole cart, with the formats the store sells. */
    async viewCart(target: CartTarget = {}): Promise<CartView> {
      const body = await call(
        'GET',
        '/cart/1/',
        cartQuery({ name: target.name }),
        envelopeOf(Cart, CartMetadata),
        { authenticated: true },
      );
      return { cart: body.results, audioFormats: body.metadata.audioFormats ?? [] };
    },

    /** GET /cart/1/?summary=true: counts and total, no items. */
    async cartSummary(target: CartTarget = {}): Promise<CartSummaryType> {
      const body = await call(
        'GET',
        '/cart/1/',
        cartQuery({ name: target.name, summary: true }),
        envelopeOf(CartSummary),
        { authenticated: true },
      );
      return body.results;
    },

    /** POST /cart/1/: owned items come back as `alreadyPurchased` warnings unless overridden. */
    async addToCart(
      items: CartItemInput[],
      options: CartTarget & { alreadyPurchasedOverride?: boolean } = {},
    ): Promise<CartAddResultType> {
      const body = await call(
        'POST',
        '/cart/1/',
        cartQuery({
          items: itemsJson(items),
          name: options.name,
          alreadyPurchasedOverride: options.alreadyPurchasedOverride,
        }),
        envelopeOf(CartAddResult),
        { authenticated: true },
      );
      return body.results;
    },

    /** PUT /cart/1/ with audioFormat: every item of the cart gets that format. */
    async setCartFormat(audioFormat: AudioFormat, target: CartTarget = {}): Promise<CartChangeResultType> {
      const body = await call(
        'PUT',
        '/cart/1/',
        cartQuery({ audioFormat, name: target.name }),
        envelopeOf(CartChangeResult),
        { authenticated: true },
      );
      return body.results;
    },

    /** PUT /cart/1/ with items: only the listed items change format. */
    async setItemFormats(items: CartItemInput[], target: CartTarget = {}): Promise<CartChangeResultType> {
      const body = await call(
        'PUT',
        '/cart/1/',
        cartQuery({ items: itemsJson(items), name: target.name }),
        envelopeOf(CartChangeResult),
        { authenticated: true },
      );
      return body.results;
    },

    /** DELETE /cart/1/ without items: empties the cart. */
    async emptyCart(target: CartTarget = {}): Promise<CartChangeResultType> {
      const body = await call(
        'DELETE',
        '/cart/1/',
        cartQuery({ name: target.name }),
        envelopeOf(CartChangeResult),
        { authenticated: true },
      );
      return body.results;
    },

    /** DELETE /cart/1/ with items ({id, type} only): removes them. */
    async removeFromCart(
      items: { id: number; type: ItemType }[],
      target: CartTarget = {},
    ): Promise<CartChangeResultType> {
      const refs = items.map(({ id, type }) => ({ id, type }));
      const body = await call(
        'DELETE',
        '/cart/1/',
        cartQuery({ items: itemsJson(refs), name: target.name }),
        envelopeOf(CartChangeResult),
        { authenticated: true },
      );
      return body.results;
    },

    /** GET /catalog/3/platform/<page>: everything one store page shows. */
    catalogPage: (<P extends CatalogPage>(page: P, id?: number): Promise<CatalogPageResults<P>> =>
      call(
        'GET',
        `/catalog/3/platform/${page}`,
        { id },
        envelopeOf(catalogPages[page] as unknown as z.ZodType<CatalogPageResults<P>>),
        { authenticated: false },
      ).then((body) => body.results)) as {
      <P extends PageWithoutId>(page: P): Promise<CatalogPageResults<P>>;
      <P extends PageWithId>(page: P, id: number): Promise<CatalogPageResults<P>>;
    },

    /** GET /catalog/3/artists: search, filter, sort and page the artist catalog. */
    async artists(query: ArtistQuery = {}): Promise<ArtistPage> {
      const body = await call(
        'GET',
        '/catalog/3/artists',
        {
          page: query.page,
          perPage: query.perPage,
          ids: query.ids?.join(','),
          id: query.id,
          'facets[]': query.facets?.map(({ name, value }) => `${name}:${value}`),
          returnFacets: query.returnFacets?.join(','),
          search: query.search,
          sortBy: query.sortBy?.map(({ field, direction }) => `${field} ${direction}`).join(','),
          genreId: query.genreId,
          labelId: query.labelId,
        },
        envelopeOf(z.array(ArtistSchema), ArtistCatalogMetadata),
        { authenticated: false },
      );
      const { facets, ...paging } = body.metadata;
      return { results: body.results, paging, facets: facets?.fields ?? {} };
    },

    /** GET /order/1/downloads: the download library, newest purchase first. */
    async downloads(
      query: { page?: number; perPage?: number; status?: 'available' | 'downloaded' } = {},
    ): Promise<Paged<z.infer<typeof LibraryEntry>>> {
      const body = await call(
        'GET',
        '/order/1/downloads',
        query,
        envelopeOf(z.array(LibraryEntry), PagingMetadata),
        { authenticated: true },
      );
      return { results: body.results, paging: body.metadata };
    },

    /** POST /order/1/downloads: marks the entries initiated and returns a link for each. */
    async initiateDownloads(downloadIds: number[]): Promise<z.infer<typeof DownloadLink>[]> {
      const body = await call(
        'POST',
        '/order/1/downloads',
        { downloadIds: downloadIds.join(',') },
        envelopeOf(z.array(DownloadLink)),
        { authenticated: true },
      );
      return body.results;
    },

    /** POST /order/1/promo-downloads: a free (promotional) track into the library, with its link. */
    async promoDownload(trackId: number): Promise<z.infer<typeof DownloadLink>> {
      const body = await call('POST', '/order/1/promo-downloads', { trackId }, envelopeOf(DownloadLink), {
        authenticated: true,
      });
      return body.results;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
